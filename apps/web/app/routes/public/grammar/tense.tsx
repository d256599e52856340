import { TensePage } from '../../../features/grammar';
import { getTenseLessons } from '../../../features/grammar/tenses.server';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/tense';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle());

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  return {
    tenses: getTenseLessons(locale),
    seo: buildSeo(request, locale, {
      path: '/grammar/tense',
      title: t('grammar.tense.metaTitle'),
      description: t('grammar.tense.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GrammarRoute({ loaderData }: Route.ComponentProps) {
  return <TensePage tenses={loaderData.tenses} />;
}
