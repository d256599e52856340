import { ExamDetailPage } from '../../../features/exam-structure';
import type { Route } from './+types/exam-detail';

export default function ExamDetailRoute({ params }: Route.ComponentProps) {
  return (
    <ExamDetailPage
      key={`${params.categoryId}-${params.examId}`}
      categoryId={params.categoryId}
      examId={params.examId}
    />
  );
}
