import { StaffListPage } from '../../../features/admin-accounts';

export default function StaffListRoute() {
  return <StaffListPage />;
}
