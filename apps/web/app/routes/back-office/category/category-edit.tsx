import { CategoryEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/category-edit';

export default function CategoryEditRoute({ params }: Route.ComponentProps) {
  return <CategoryEditPage key={`${params.categoryId}`} id={params.categoryId} />;
}
