import { AdminPageListPage } from '../../../features/pages';

export default function Route() {
  return <AdminPageListPage />;
}
