import { FormatCreatePage } from '../../../features/exam-structure';
import type { Route } from './+types/format-create';

export default function FormatCreateRoute({ params }: Route.ComponentProps) {
  return (
    <FormatCreatePage
      key={`${params.categoryId}-${params.examId}`}
      categoryId={params.categoryId}
      examId={params.examId}
    />
  );
}
