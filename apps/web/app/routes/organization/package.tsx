import { OrganizationPackagePage } from '../../features/payments';

export default function OrganizationPackageRoute() {
  return <OrganizationPackagePage />;
}
