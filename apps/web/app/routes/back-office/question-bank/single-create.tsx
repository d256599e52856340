import { QuestionCreatePage } from '../../../features/question-bank';

export default function SingleCreateRoute() {
  return <QuestionCreatePage />;
}
