import { PackageCreatePage } from '../../../features/payments';

export default function PackageCreateRoute() {
  return <PackageCreatePage />;
}
