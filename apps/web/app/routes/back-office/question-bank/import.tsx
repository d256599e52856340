import { ImportPage } from '../../../features/question-bank';

export default function ImportRoute() {
  return <ImportPage />;
}
