import { AdminPostCreatePage } from '../../../features/blog';

export default function Route() {
  return <AdminPostCreatePage />;
}
