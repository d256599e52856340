import { OrganizationListPage } from '../../../features/organizations';

export default function OrganizationApproveRoute() {
  return <OrganizationListPage queue />;
}
