import { QuestionEditPage } from '../../../features/question-bank';
import type { Route } from './+types/single-edit';

export default function SingleEditRoute({ params }: Route.ComponentProps) {
  return <QuestionEditPage key={`${params.id}`} id={params.id} />;
}
