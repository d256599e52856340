import { OrganizationTransactionsPage } from '../../features/payments';

export default function OrganizationTransactionsRoute() {
  return <OrganizationTransactionsPage />;
}
