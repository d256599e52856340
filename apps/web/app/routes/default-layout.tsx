import { Outlet } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { DefaultLayout } from '../components/layouts/default-layout';
import type { Route } from './+types/default-layout';

export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}

/** Errors of pages in this layout (including unknown URLs) keep the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultLayout>
      <ErrorPage error={error} />
    </DefaultLayout>
  );
}
