import { data } from 'react-router';
import { ReviewPage } from '../../../features/vocabulary';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { useSessionUser } from '../../../lib/session';
import { refreshPending } from '../../../lib/session.server';
import type { Route } from './+types/review';

export const handle = i18nHandle('vocabulary');

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/user/vocabulary/review');
  if (response.status === 401) return refreshPending(request, context);
  if (!response.ok) throw data(null, { status: 500 });
  const t = getServerT(getLocale(request), 'vocabulary');
  return { queue: response.body.result, title: t('review.metaTitle') };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function VocabularyReviewRoute({ loaderData }: Route.ComponentProps) {
  const user = useSessionUser();
  // The page's guard lets only signed-in learners in; the key resets the session on another account.
  return user && loaderData ? <ReviewPage key={user.id} initial={loaderData.queue} userId={user.id} /> : null;
}
