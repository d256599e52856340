import { CategoryDetailPage } from '../../../features/exam-structure';
import type { Route } from './+types/category-detail';

export default function CategoryDetailRoute({ params }: Route.ComponentProps) {
  return <CategoryDetailPage key={`${params.categoryId}`} id={params.categoryId} />;
}
