import { TopicListAdminPage } from '../../../features/vocabulary/admin-pages';

export default function Route() {
  return <TopicListAdminPage />;
}
