import { CategoryListPage } from '../../../features/exam-structure';

export default function CategoryListRoute() {
  return <CategoryListPage />;
}
