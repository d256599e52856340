import { QUESTION_TYPES, SettingsListPage } from '../../../features/exam-structure';

export default function QuestionTypeListRoute() {
  return <SettingsListPage kind={QUESTION_TYPES} />;
}
