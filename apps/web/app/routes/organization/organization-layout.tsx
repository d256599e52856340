import '../../styles/mantine-rest.css';
import 'mantine-datatable/styles.css';
import { Outlet } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { BackOfficeLayout } from '../../features/back-office';
import type { Route } from './+types/organization-layout';

/** /organization: the admin layout with the organization menu (organization check in the guard). */
export default function OrganizationLayoutRoute() {
  return (
    <BackOfficeLayout area="organization">
      <Outlet />
    </BackOfficeLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BackOfficeLayout area="organization">
      <ErrorPage error={error} />
    </BackOfficeLayout>
  );
}
