import { VOCABULARY_EXAMS, type VocabularyExam } from '@prepwise/contract';
import { data } from 'react-router';
import { buildSeo, seoMeta } from '../../../features/pages';
import { TopicListPage } from '../../../features/vocabulary';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/topic-list';

export const handle = staticPage(i18nHandle('vocabulary'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get('exam');
  const exam = (VOCABULARY_EXAMS as readonly string[]).includes(requested ?? '')
    ? (requested as VocabularyExam)
    : null;
  const response = await server(context.api).get('/public/vocabulary/topics', {
    query: { pageSize: 100, exam: exam ?? undefined },
  });
  if (!response.ok) throw data(null, { status: 500 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'vocabulary');
  const english = locale === 'en';
  return {
    exam,
    topics: response.body.result.items.map((topic) => ({
      slug: topic.slug,
      name: english ? topic.name_en : topic.name_vi,
      description: english ? topic.description_en : topic.description_vi,
      level: topic.level,
      exam: topic.exam,
      word_count: topic.word_count,
    })),
    seo: buildSeo(request, locale, {
      path: '/vocabulary',
      keep: ['exam'],
      title: t('list.metaTitle'),
      description: t('list.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function VocabularyTopicListRoute({ loaderData }: Route.ComponentProps) {
  return <TopicListPage topics={loaderData.topics} exam={loaderData.exam} />;
}
