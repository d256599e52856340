import { ExamCreatePage } from '../../../features/exam-structure';
import type { Route } from './+types/exam-create';

export default function ExamCreateRoute({ params }: Route.ComponentProps) {
  return <ExamCreatePage key={`${params.categoryId}`} categoryId={params.categoryId} />;
}
