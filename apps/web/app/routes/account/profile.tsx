import { QueryProvider } from '../../components/query-provider';
import { ACCOUNT_PATHS, ProfilePage } from '../../features/account';
import { useSession } from '../../lib/session';

export default function ProfileRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <QueryProvider>
      <ProfilePage user={session.user} strategy={session.strategy} paths={ACCOUNT_PATHS} />
    </QueryProvider>
  );
}
