import { MarkingQueuePage } from '../../../features/marking';

/** /admin/marking and /organization/marking: one page, two scopes (features/marking/pages.ts). */
export default function MarkingQueueRoute() {
  return <MarkingQueuePage />;
}
