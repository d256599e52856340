import { QUESTION_TYPES, SettingEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/question-type-edit';

export default function QuestionTypeEditRoute({ params }: Route.ComponentProps) {
  return <SettingEditPage kind={QUESTION_TYPES} key={`${params.id}`} id={params.id} />;
}
