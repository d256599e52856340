import { GrammarIndexPage } from '../../../features/grammar';
import { getGrammarHub } from '../../../features/grammar/topics.server';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/grammar-index';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  return {
    topics: getGrammarHub(locale),
    seo: buildSeo(request, locale, {
      path: '/grammar',
      title: t('grammar.metaTitle'),
      description: t('grammar.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GrammarIndexRoute({ loaderData }: Route.ComponentProps) {
  return <GrammarIndexPage topics={loaderData.topics} />;
}
