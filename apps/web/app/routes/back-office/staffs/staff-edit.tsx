import { StaffEditPage } from '../../../features/admin-accounts';
import type { Route } from './+types/staff-edit';

export default function StaffEditRoute({ params }: Route.ComponentProps) {
  return <StaffEditPage key={params.id} id={params.id} />;
}
