import { LandingPage } from '../../features/landing';
import { getServerT } from '../../lib/i18n.server';
import { getLocale } from '../../lib/locale';
import type { Route } from './+types/home';

const OPEN_GRAPH_LOCALES = { vi: 'vi_VN', en: 'en_US' } as const;

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocale(request);
  const t = getServerT(locale, 'home');
  return { title: t('meta.title'), description: t('meta.description'), ogLocale: OPEN_GRAPH_LOCALES[locale] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: 'description', content: loaderData.description },
  { property: 'og:type', content: 'website' },
  { property: 'og:site_name', content: 'Prepwise' },
  { property: 'og:title', content: loaderData.title },
  { property: 'og:description', content: loaderData.description },
  { property: 'og:locale', content: loaderData.ogLocale },
];

export default function HomeRoute() {
  return <LandingPage />;
}
