import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

/*
 * The <Notifications> container (transitions, portal) is fetched only once something calls
 * notifications.show(): public pages never pay for it. The store keeps what was shown before the
 * container arrives, so no notification is lost. Top centre, the one place the position is set: over
 * the app header's empty middle, never over the page header's buttons (create, import …) on the right
 * nor a form's actions at its bottom. (A toast pauses while the pointer is on it: one that sat over a
 * form's "save" or "approve" button stayed there as long as the pointer did.)
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
      <Notifications position="top-center" limit={4} />
    </Suspense>
  );
}
