import { data } from 'react-router';
import { buildSeo, seoMeta } from '../../../features/pages';
import { TopicPage } from '../../../features/vocabulary';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import type { Route } from './+types/topic-page';

export const handle = i18nHandle('vocabulary');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const response = await server(context.api).get('/public/vocabulary/topics/{slug}', { path: { slug } });
  if (response.status === 404 || response.status === 422) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  const topic = response.body.result;
  // A signed-in learner sees which words are already theirs; a visitor's call answers 401.
  const mine = await server(context.api).get('/user/vocabulary/cards', {
    query: { topic: slug, pageSize: 100 },
  });
  const locale = getLocale(request);
  const t = getServerT(locale, 'vocabulary');
  const english = locale === 'en';
  const name = english ? topic.name_en : topic.name_vi;
  const description = english ? topic.description_en : topic.description_vi;
  return {
    topic: { ...topic, name, description },
    savedWordIds: mine.ok ? mine.body.result.items.map((card) => card.word.id) : [],
    seo: buildSeo(request, locale, {
      path: `/vocabulary/${topic.slug}`,
      title: t('topic.metaTitle', { name, count: topic.word_count }),
      description: description.slice(0, 160) || name,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function VocabularyTopicRoute({ loaderData }: Route.ComponentProps) {
  return <TopicPage topic={loaderData.topic} savedWordIds={loaderData.savedWordIds} />;
}
