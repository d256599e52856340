import { ADMIN_ACCOUNT_PATHS, ChangePasswordPage } from '../../features/account';
import { useSession } from '../../lib/session';

export default function AdminChangePasswordRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <ChangePasswordPage
      user={session.user}
      strategy={session.strategy}
      paths={ADMIN_ACCOUNT_PATHS}
      contained={false}
    />
  );
}
