import { type CatalogueItem, type HistoryItem, localName, localTitle, type Page } from '@prepwise/contract';
import { buildSeo, seoMeta } from '../../../features/pages';
import { RoadmapPage } from '../../../features/roadmap';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/session';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/roadmap';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle('site', 'practice'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  // Practice-test steps link to published tests; a signed-in learner also gets their progress.
  const [catalogue, history] = await Promise.all([
    context.api
      .get<{ result: Page<CatalogueItem> }>('/api/public/tests?page=1&pageSize=50&sort=popular')
      .catch(() => null),
    context.api
      .get<{ result: Page<HistoryItem> }>('/api/user/test-history?page=1&pageSize=100')
      .catch(() => null),
  ]);
  return {
    tests: catalogue?.ok
      ? catalogue.body.result.items.map((item) => ({
          slug: item.slug,
          title: localTitle(item, locale),
          exam: localName(item.exam, locale),
        }))
      : [],
    progress: history?.ok
      ? history.body.result.items.map((item) => ({
          slug: item.test.slug,
          best_score: item.best_score,
          max_score: item.max_score,
        }))
      : [],
    seo: buildSeo(request, locale, {
      path: '/roadmap',
      title: t('roadmap.metaTitle'),
      description: t('roadmap.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RoadmapRoute({ loaderData }: Route.ComponentProps) {
  return (
    <RoadmapPage
      signedIn={Boolean(useSessionUser())}
      tests={loaderData.tests}
      progress={loaderData.progress}
    />
  );
}
