import { RoleListPage } from '../../../features/admin-accounts';

export default function RoleListRoute() {
  return <RoleListPage />;
}
