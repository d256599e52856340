import { QuestionTypeEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/question-type-edit';

export default function QuestionTypeEditRoute({ params }: Route.ComponentProps) {
  return <QuestionTypeEditPage key={`${params.id}`} id={params.id} />;
}
