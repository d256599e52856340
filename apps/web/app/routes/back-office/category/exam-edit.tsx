import { ExamEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/exam-edit';

export default function ExamEditRoute({ params }: Route.ComponentProps) {
  return (
    <ExamEditPage
      key={`${params.categoryId}-${params.examId}`}
      categoryId={params.categoryId}
      examId={params.examId}
    />
  );
}
