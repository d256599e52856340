import { ErrorPage } from '../../../components/error-page';
import { DefaultLayout } from '../../../components/layouts/default-layout';
import { BlankPageView, buildSeo, ContentPageView, seoMeta } from '../../../features/pages';
import { loadPublicPage } from '../../../features/pages/api.server';
import { getLocale } from '../../../lib/locale';
import type { Route } from './+types/content-page';

/** /{page}: any published generic page, in the default or the blank layout it names. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadPublicPage(context.api, params.page);
  const seo = buildSeo(request, getLocale(request), {
    path: `/${page.slug}`,
    title: page.meta_title || `${page.title} · Prepwise`,
    description: page.meta_description || page.title,
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
