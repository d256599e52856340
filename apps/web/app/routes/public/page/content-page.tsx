import { ErrorPage } from '../../../components/error-page';
import { DefaultLayout } from '../../../components/layouts/default-layout';
import {
  BlankPageView,
  buildSeo,
  ContentPageView,
  hasEnglishVersion,
  pageVersion,
  seoMeta,
} from '../../../features/pages';
import { loadPublicPage } from '../../../features/pages/api.server';
import { i18nHandle } from '../../../lib/i18n';
import { getLocale } from '../../../lib/locale';
import type { Route } from './+types/content-page';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('site');

/** /{page}: any published generic page, in the default or the blank layout it names. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadPublicPage(context.api, params.page);
  const locale = getLocale(request);
  const version = pageVersion(page, locale);
  const seo = buildSeo(request, locale, {
    path: `/${page.slug}`,
    title: version.metaTitle || `${version.title} · Prepwise`,
    description: version.metaDescription || version.title,
    english: hasEnglishVersion(page),
  });
  return { page, seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (page.layout === 'blank') return <BlankPageView page={page} />;
  return (
    <DefaultLayout>
      <ContentPageView page={page} />
    </DefaultLayout>
  );
}

/** Unknown or unpublished slugs: the 404 page inside the default layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultLayout>
      <ErrorPage error={error} />
    </DefaultLayout>
  );
}
