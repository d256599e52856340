import '../../styles/mantine-rest.css';
import 'mantine-datatable/styles.css';
import { Outlet } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { BackOfficeLayout } from '../../features/back-office';
import type { Route } from './+types/admin-layout';

/** /admin: the admin layout with the admin menu (the area check lives in the route guard). */
export default function AdminLayoutRoute() {
  return (
    <BackOfficeLayout area="admin">
      <Outlet />
    </BackOfficeLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BackOfficeLayout area="admin">
      <ErrorPage error={error} />
    </BackOfficeLayout>
  );
}
