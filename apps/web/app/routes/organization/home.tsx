import { OrganizationHome } from '../../features/back-office';
import { useSessionUser } from '../../lib/session';

export default function OrganizationHomeRoute() {
  const user = useSessionUser();
  return user ? <OrganizationHome user={user} /> : null;
}
