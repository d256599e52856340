import { localName } from '@prepwise/contract';
import { data } from 'react-router';
import { buildSeo, seoMeta } from '../../../features/pages';
import { CataloguePage, catalogueApiParams, readCatalogueQuery } from '../../../features/practice';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/catalogue';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle('practice'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readCatalogueQuery(new URL(request.url).searchParams);
  const [tests, filters] = await Promise.all([
    server(context.api).get('/public/tests', { query: catalogueApiParams(query) }),
    server(context.api).get('/public/test-filters'),
  ]);
  if (!tests.ok || !filters.ok) throw data(null, { status: tests.status === 400 ? 400 : 500 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'practice');
  const category = filters.body.result.categories.find((item) => item.slug === query.category);
  return {
    tests: tests.body.result,
    filters: filters.body.result,
    query,
    seo: buildSeo(request, locale, {
      path: '/tests',
      keep: ['category', 'exam', 'page'],
      title: category
        ? `${t('catalogue.titleIn', { name: localName(category, locale) })} · Prepwise`
        : t('catalogue.metaTitle'),
      description: t('catalogue.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function CatalogueRoute({ loaderData }: Route.ComponentProps) {
  return <CataloguePage tests={loaderData.tests} filters={loaderData.filters} query={loaderData.query} />;
}
