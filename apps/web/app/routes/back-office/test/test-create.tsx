import { TestCreatePage } from '../../../features/tests';

export default function TestCreateRoute() {
  return <TestCreatePage />;
}
