import { TopicCreateAdminPage } from '../../../features/vocabulary/admin-pages';

export default function Route() {
  return <TopicCreateAdminPage />;
}
