import { OrganizationProfilePage } from '../../features/organization-portal';
import { useSession } from '../../lib/session';

/** /organization/profile: the staff member's account and the organization's profile. */
export default function OrganizationProfileRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return <OrganizationProfilePage user={session.user} strategy={session.strategy} />;
}
