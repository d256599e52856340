import { CategoryCreatePage } from '../../../features/exam-structure';

export default function CategoryCreateRoute() {
  return <CategoryCreatePage />;
}
