import { data } from 'react-router';
import { TestProgressPage } from '../../features/practice';
import { i18nHandle } from '../../lib/i18n';
import { server } from '../../lib/server-api';
import { refreshPending } from '../../lib/session.server';
import type { Route } from './+types/test-history-test';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('practice');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/user/test-history/{testSlug}', {
    path: { testSlug: encodeURIComponent(params.testSlug) },
  });
  if (response.status === 401) return refreshPending(request, context);
  if ([400, 404].includes(response.status)) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return { history: response.body.result };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.history ? `${loaderData.history.test.title} · Prepwise` : 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function TestHistoryTestRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <TestProgressPage history={loaderData.history} />;
}
