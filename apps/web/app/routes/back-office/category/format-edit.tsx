import { FormatEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/format-edit';

export default function FormatEditRoute({ params }: Route.ComponentProps) {
  return (
    <FormatEditPage
      key={`${params.categoryId}-${params.examId}-${params.formatId}`}
      categoryId={params.categoryId}
      examId={params.examId}
      formatId={params.formatId}
    />
  );
}
