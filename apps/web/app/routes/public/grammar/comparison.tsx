import { ComparisonPage } from '../../../features/grammar';
import { getComparisonLesson } from '../../../features/grammar/comparison.server';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/comparison';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  return {
    lesson: getComparisonLesson(locale),
    seo: buildSeo(request, locale, {
      path: '/grammar/comparison',
      title: t('grammar.comparison.metaTitle'),
      description: t('grammar.comparison.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GrammarRoute({ loaderData }: Route.ComponentProps) {
  return <ComparisonPage lesson={loaderData.lesson} />;
}
