import { TopicEditAdminPage } from '../../../features/vocabulary/admin-pages';
import type { Route } from './+types/topic-edit';

export default function EditRoute({ params }: Route.ComponentProps) {
  return <TopicEditAdminPage key={params.id} id={params.id} />;
}
