import { data } from 'react-router';
import { type DictationGroup, DictationListPage } from '../../../features/dictation';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import type { Route } from './+types/dictation-list';

export const handle = i18nHandle('dictation');

export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/public/dictation');
  if (!response.ok) throw data(null, { status: 500 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'dictation');
  const english = locale === 'en';
  const groups: DictationGroup[] = [];
  for (const summary of response.body.result.items) {
    const key = `${summary.exam.id}-${summary.part.position}`;
    let group = groups.find((existing) => existing.key === key);
    if (!group) {
      group = {
        key,
        exam: summary.exam.name,
        part: english ? t('list.part', { position: summary.part.position }) : summary.part.name,
        exercises: [],
      };
      groups.push(group);
    }
    group.exercises.push({
      id: summary.id,
      questions: t('list.questions', { first: summary.first_question, last: summary.last_question }),
      test: summary.test.title,
      level: summary.level,
      sentence_count: summary.sentence_count,
      word_count: summary.word_count,
    });
  }
  return {
    groups,
    seo: buildSeo(request, locale, {
      path: '/dictation',
      title: t('list.metaTitle'),
      description: t('list.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function DictationListRoute({ loaderData }: Route.ComponentProps) {
  return <DictationListPage groups={loaderData.groups} />;
}
