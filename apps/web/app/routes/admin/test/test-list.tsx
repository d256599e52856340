import { TestListPage } from '../../../features/practice-tests';

export default function TestListRoute() {
  return <TestListPage />;
}
