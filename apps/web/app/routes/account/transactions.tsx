import { QueryProvider } from '../../components/query-provider';
import { TransactionsPage } from '../../features/payments';
import { i18nHandle } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export const handle = i18nHandle('payments');

export const meta = () => [{ name: 'robots', content: 'noindex' }];

export default function TransactionsRoute() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <QueryProvider>
      <TransactionsPage />
    </QueryProvider>
  );
}
