import { TestCreatePage } from '../../../features/practice-tests';

export default function TestCreateRoute() {
  return <TestCreatePage />;
}
