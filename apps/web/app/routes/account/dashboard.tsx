import { data, redirect } from 'react-router';
import { DashboardPage } from '../../features/learner-home';
import { i18nHandle } from '../../lib/i18n';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import { homeFor } from '../../lib/route-access';
import { server } from '../../lib/server-api';
import { useSessionUser } from '../../lib/session';
import { refreshPending } from '../../lib/session.server';
import type { Route } from './+types/dashboard';

/** The weak spots name skills in the practice namespace's words. */
export const handle = i18nHandle('dashboard', 'practice');

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/user/dashboard');
  if (response.status === 401) return refreshPending(request, context);
  if (response.status === 403) {
    // Staff and educators have no learner home: their own home instead.
    const me = await server(context.api).get('/user/auth/info');
    throw redirect(me.ok ? homeFor(me.body.result) : '/');
  }
  if (!response.ok) throw data(null, { status: 500 });
  const t = getServerT(getLocale(request), 'dashboard');
  return { dashboard: response.body.result, title: t('metaTitle') };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  const user = useSessionUser();
  if (!loaderData) return null;
  return <DashboardPage dashboard={loaderData.dashboard} name={user?.full_name ?? ''} />;
}
