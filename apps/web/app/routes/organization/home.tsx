import { OrganizationDashboard } from '../../features/organization-portal';
import { useSessionUser } from '../../lib/session';

export default function OrganizationHomeRoute() {
  const user = useSessionUser();
  return user ? <OrganizationDashboard user={user} /> : null;
}
