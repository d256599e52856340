import { useSearchParams } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { JoinOrganizationPage } from '../../../features/organizations/join-form';

/** /join-organization: a signed-in learner joins with a code. */
export default function JoinOrganizationRoute() {
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <JoinOrganizationPage initialCode={params.get('code') ?? ''} />
    </QueryProvider>
  );
}
