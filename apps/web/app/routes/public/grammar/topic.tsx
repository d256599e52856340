import { data } from 'react-router';
import { TopicPage } from '../../../features/grammar';
import { findGrammarTopic, getTopicLesson } from '../../../features/grammar/topics.server';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getLocale } from '../../../lib/locale';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/topic';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export function loader({ request, params }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const topic = findGrammarTopic(params.topic);
  const lesson = getTopicLesson(params.topic, locale);
  if (!topic || !lesson) throw data(null, { status: 404 });
  return {
    lesson,
    seo: buildSeo(request, locale, {
      path: `/grammar/${topic.slug}`,
      title: topic.metaTitle[locale],
      description: topic.metaDescription[locale],
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GrammarTopicRoute({ loaderData }: Route.ComponentProps) {
  return <TopicPage lesson={loaderData.lesson} />;
}
