import { WordListAdminPage } from '../../../features/vocabulary/admin-pages';

export default function Route() {
  return <WordListAdminPage />;
}
