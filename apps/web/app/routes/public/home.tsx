import type { CatalogueItem, Page } from '@prepwise/contract';
import type { PublicPostSummary } from '../../features/blog';
import { LandingPage } from '../../features/landing';
import { buildSeo, seoMeta } from '../../features/pages';
import { i18nHandle } from '../../lib/i18n';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import { staticPage } from '../../lib/static-page';
import type { Route } from './+types/home';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle('home', 'practice'));

const LATEST_POSTS = 3;
const FEATURED_TESTS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'home');
  // The latest posts are a bonus: the home page renders without them if the API cannot answer.
  const [posts, tests] = await Promise.all([
    context.api
      .get<{ result: Page<PublicPostSummary> }>(`/api/public/blog/posts?page=1&pageSize=${LATEST_POSTS}`)
      .catch(() => null),
    context.api
      .get<{ result: Page<CatalogueItem> }>(
        `/api/public/tests?page=1&pageSize=${FEATURED_TESTS}&sort=popular`,
      )
      .catch(() => null),
  ]);
  return {
    latestPosts: posts?.ok ? posts.body.result.items : [],
    featuredTests: tests?.ok ? tests.body.result.items : [],
    seo: buildSeo(request, locale, { path: '/', title: t('meta.title'), description: t('meta.description') }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <LandingPage latestPosts={loaderData.latestPosts} featuredTests={loaderData.featuredTests} />;
}
