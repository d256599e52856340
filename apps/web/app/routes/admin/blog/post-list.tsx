import { AdminPostListPage } from '../../../features/blog';

export default function Route() {
  return <AdminPostListPage />;
}
