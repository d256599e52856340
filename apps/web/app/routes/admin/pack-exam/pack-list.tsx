import { PackListPage } from '../../../features/practice-tests';

export default function PackListRoute() {
  return <PackListPage />;
}
