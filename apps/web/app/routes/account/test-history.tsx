import { data } from 'react-router';
import { TestHistoryPage } from '../../features/practice';
import { i18nHandle } from '../../lib/i18n';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import { server } from '../../lib/server-api';
import { refreshPending } from '../../lib/session.server';
import type { Route } from './+types/test-history';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('practice');

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Math.max(
    1,
    Math.min(1000, Math.floor(Number(new URL(request.url).searchParams.get('page'))) || 1),
  );
  const response = await server(context.api).get('/user/test-history', {
    query: { page, pageSize: PAGE_SIZE },
  });
  if (response.status === 401) return refreshPending(request, context);
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 500 });
  const t = getServerT(getLocale(request), 'practice');
  return { history: response.body.result, title: `${t('history.title')} · Prepwise` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function TestHistoryRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <TestHistoryPage history={loaderData.history} />;
}
