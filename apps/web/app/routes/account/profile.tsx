import { QueryProvider } from '../../components/query-provider';
import { ACCOUNT_PATHS, ProfilePage } from '../../features/account';
import { MyAssignedTests } from '../../features/assignments';
import { MyOrganizations } from '../../features/organizations/join-form';
import { useSession } from '../../lib/session';

export default function ProfileRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <QueryProvider>
      <ProfilePage user={session.user} strategy={session.strategy} paths={ACCOUNT_PATHS} />
      {session.user.scope === 'user' ? (
        <div style={{ maxWidth: 960, margin: '0 auto', padding: '0 1rem 2rem' }}>
          <MyAssignedTests />
          <div style={{ height: '1.5rem' }} />
          <MyOrganizations showJoinLink />
        </div>
      ) : null}
    </QueryProvider>
  );
}
