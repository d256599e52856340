import { WordEditAdminPage } from '../../../features/vocabulary/admin-pages';
import type { Route } from './+types/word-edit';

export default function EditRoute({ params }: Route.ComponentProps) {
  return <WordEditAdminPage key={params.id} id={params.id} />;
}
