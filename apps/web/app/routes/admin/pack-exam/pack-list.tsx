import { PackListPage } from '../../../features/tests';

export default function PackListRoute() {
  return <PackListPage />;
}
