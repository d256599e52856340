import { data } from 'react-router';
import { DirectoryPage, directoryApiQuery, readDirectoryQuery } from '../../../features/directory';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/organization-directory';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = staticPage(i18nHandle('directory'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readDirectoryQuery(new URL(request.url).searchParams);
  const response = await server(context.api).get('/public/organizations', {
    query: directoryApiQuery(query),
  });
  if (!response.ok) throw data(null, { status: response.status === 422 ? 400 : 500 });
  const locale = getLocale(request);
  const t = getServerT(locale, 'directory');
  return {
    organizations: response.body.result,
    query,
    seo: buildSeo(request, locale, {
      path: '/organizations',
      keep: ['page'],
      title: t('list.metaTitle'),
      description: t('list.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function OrganizationDirectoryRoute({ loaderData }: Route.ComponentProps) {
  return <DirectoryPage organizations={loaderData.organizations} query={loaderData.query} />;
}
