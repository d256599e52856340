import { QuestionTypeListPage } from '../../../features/exam-structure';

export default function QuestionTypeListRoute() {
  return <QuestionTypeListPage />;
}
