import { PackageListPage } from '../../../features/payments';

export default function PackageListRoute() {
  return <PackageListPage />;
}
