import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

/*
 * The <Notifications> container (transitions, portal) is fetched only once something calls
 * notifications.show(): public pages never pay for it. The store keeps what was shown before the
 * container arrives, so no notification is lost. Bottom right, the one place the position is set: a
 * toast never covers the page header's buttons (save, create …) at the top of the page.
 */
const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" limit={4} />
    </Suspense>
  );
}
