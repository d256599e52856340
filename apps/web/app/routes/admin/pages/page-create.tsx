import { AdminPageCreatePage } from '../../../features/pages';

export default function Route() {
  return <AdminPageCreatePage />;
}
