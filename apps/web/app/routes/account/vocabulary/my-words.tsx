import { data } from 'react-router';
import { MyWordsPage } from '../../../features/vocabulary';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { refreshPending } from '../../../lib/session.server';
import type { Route } from './+types/my-words';

export const handle = i18nHandle('vocabulary');

const PAGE_SIZE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim().slice(0, 100) ?? '';
  const page = Math.max(1, Math.min(1000, Math.floor(Number(url.searchParams.get('page'))) || 1));
  const [cards, stats, settings] = await Promise.all([
    server(context.api).get('/user/vocabulary/cards', {
      query: { page, pageSize: PAGE_SIZE, search: search || undefined },
    }),
    server(context.api).get('/user/vocabulary/stats'),
    server(context.api).get('/user/vocabulary/settings'),
  ]);
  if ([cards, stats, settings].some((answer) => answer.status === 401))
    return refreshPending(request, context);
  if (!cards.ok || !stats.ok || !settings.ok) throw data(null, { status: 500 });
  const t = getServerT(getLocale(request), 'vocabulary');
  return {
    cards: cards.body.result,
    stats: stats.body.result,
    settings: settings.body.result,
    search,
    title: t('myWords.metaTitle'),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function VocabularyMyWordsRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <MyWordsPage
      cards={loaderData.cards}
      stats={loaderData.stats}
      settings={loaderData.settings}
      search={loaderData.search}
    />
  );
}
