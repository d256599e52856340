import { AdminPageEditPage } from '../../../features/pages';
import type { Route } from './+types/page-edit';

export default function EditRoute({ params }: Route.ComponentProps) {
  return <AdminPageEditPage key={params.id} id={params.id} />;
}
