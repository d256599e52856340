import { AdminHome } from '../../features/back-office';
import { useSessionUser } from '../../lib/session';

export default function AdminHomeRoute() {
  const user = useSessionUser();
  return user ? <AdminHome user={user} /> : null;
}
