import { QueryProvider } from '../../components/query-provider';
import { ACCOUNT_PATHS, ChangePasswordPage } from '../../features/account';
import { useSession } from '../../lib/session';

export default function ChangePasswordRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <QueryProvider>
      <ChangePasswordPage user={session.user} strategy={session.strategy} paths={ACCOUNT_PATHS} />
    </QueryProvider>
  );
}
