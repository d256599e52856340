import { AdminCategoryEditPage } from '../../../features/blog';
import type { Route } from './+types/category-edit';

export default function EditRoute({ params }: Route.ComponentProps) {
  return <AdminCategoryEditPage key={params.id} id={params.id} />;
}
