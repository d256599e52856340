import { AdminCategoryCreatePage } from '../../../features/blog';

export default function Route() {
  return <AdminCategoryCreatePage />;
}
