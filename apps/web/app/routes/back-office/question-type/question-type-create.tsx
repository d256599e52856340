import { QUESTION_TYPES, SettingCreatePage } from '../../../features/exam-structure';

export default function QuestionTypeCreateRoute() {
  return <SettingCreatePage kind={QUESTION_TYPES} />;
}
