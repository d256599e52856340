import { OrganizationListPage } from '../../../features/organizations';

export default function OrganizationListRoute() {
  return <OrganizationListPage />;
}
