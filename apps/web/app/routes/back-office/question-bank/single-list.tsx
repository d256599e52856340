import { QuestionListPage } from '../../../features/question-bank';

export default function SingleListRoute() {
  return <QuestionListPage />;
}
