import { WordImportAdminPage } from '../../../features/vocabulary/admin-import';

export default function Route() {
  return <WordImportAdminPage />;
}
