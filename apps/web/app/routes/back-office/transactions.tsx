import { BackOfficeTransactionsPage } from '../../features/payments';

/** /admin/transactions and /organization/transactions: one screen, scoped by its area (issue 27). */
export default function TransactionsRoute() {
  return <BackOfficeTransactionsPage />;
}
