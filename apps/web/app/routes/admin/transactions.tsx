import { AdminTransactionsPage } from '../../features/payments';

export default function AdminTransactionsRoute() {
  return <AdminTransactionsPage />;
}
