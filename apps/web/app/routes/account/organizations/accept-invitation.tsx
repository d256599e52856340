import { QueryProvider } from '../../../components/query-provider';
import { AcceptInvitationPage } from '../../../features/organizations/accept-invitation-page';
import type { Route } from './+types/accept-invitation';

/** /join/:token: the link of an organization's invitation mail. */
export default function AcceptInvitationRoute({ params }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <AcceptInvitationPage token={params.token} />
    </QueryProvider>
  );
}
