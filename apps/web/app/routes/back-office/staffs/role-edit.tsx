import { RoleEditPage } from '../../../features/admin-accounts';
import type { Route } from './+types/role-edit';

export default function RoleEditRoute({ params }: Route.ComponentProps) {
  return <RoleEditPage key={params.id} id={params.id} />;
}
