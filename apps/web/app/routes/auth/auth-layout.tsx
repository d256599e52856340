import { Outlet } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { AuthLayout } from '../../components/layouts/auth-layout';
import type { Route } from './+types/auth-layout';

export default function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AuthLayout>
      <ErrorPage error={error} />
    </AuthLayout>
  );
}
