import { StaffDetailPage } from '../../../features/admin-accounts';
import type { Route } from './+types/staff-detail';

export default function StaffDetailRoute({ params }: Route.ComponentProps) {
  return <StaffDetailPage id={params.id} />;
}
