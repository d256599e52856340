import { AdminPostEditPage } from '../../../features/blog';
import type { Route } from './+types/post-edit';

export default function EditRoute({ params }: Route.ComponentProps) {
  return <AdminPostEditPage key={params.id} id={params.id} />;
}
