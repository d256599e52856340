import { Outlet } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { DefaultLayout } from '../components/layouts/default-layout';
import { i18nHandle } from '../lib/i18n';
import type { Route } from './+types/default-layout';

/** The header's navigation uses `site`; every page below this layout gets it. */
export const handle = i18nHandle('site');

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
