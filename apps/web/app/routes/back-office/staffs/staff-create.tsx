import { StaffCreatePage } from '../../../features/admin-accounts';

export default function StaffCreateRoute() {
  return <StaffCreatePage />;
}
