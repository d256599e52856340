import { TestListPage } from '../../../features/tests';

export default function TestListRoute() {
  return <TestListPage />;
}
