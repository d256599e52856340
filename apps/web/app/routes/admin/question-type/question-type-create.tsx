import { QuestionTypeCreatePage } from '../../../features/exam-structure';

export default function QuestionTypeCreateRoute() {
  return <QuestionTypeCreatePage />;
}
