import { WordCreateAdminPage } from '../../../features/vocabulary/admin-pages';

export default function Route() {
  return <WordCreateAdminPage />;
}
