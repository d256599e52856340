import { OrganizationCreatePage } from '../../../features/organizations';

export default function OrganizationCreateRoute() {
  return <OrganizationCreatePage />;
}
