import type { HistoryItem } from '@prepwise/contract';
import { data } from 'react-router';
import { TestHistoryPage } from '../../features/practice';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import type { Route } from './+types/test-history';

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await context.api.get<{ result: HistoryItem[] }>('/api/user/test-history');
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 500 });
  const t = getServerT(getLocale(request), 'practice');
  return { items: response.body.result, title: `${t('history.title')} · Prepwise` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function TestHistoryRoute({ loaderData }: Route.ComponentProps) {
  return <TestHistoryPage items={loaderData.items} />;
}
