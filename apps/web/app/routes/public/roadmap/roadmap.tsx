import { buildSeo, seoMeta } from '../../../features/pages';
import { RoadmapPage } from '../../../features/roadmap';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/session';
import type { Route } from './+types/roadmap';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle();

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'site');
  return {
    seo: buildSeo(request, locale, {
      path: '/roadmap',
      title: t('roadmap.metaTitle'),
      description: t('roadmap.metaDescription'),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RoadmapRoute() {
  return <RoadmapPage signedIn={Boolean(useSessionUser())} />;
}
