import { AdminCategoryListPage } from '../../../features/blog';

export default function Route() {
  return <AdminCategoryListPage />;
}
