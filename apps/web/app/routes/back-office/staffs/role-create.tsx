import { RoleCreatePage } from '../../../features/admin-accounts';

export default function RoleCreateRoute() {
  return <RoleCreatePage />;
}
