import { localName, localTitle } from '@prepwise/contract';
import { data } from 'react-router';
import { buildSeo, seoMeta } from '../../../features/pages';
import { TestDetailPage } from '../../../features/practice';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import { getServerSession } from '../../../lib/session.server';
import { staticPage } from '../../../lib/static-page';
import type { Route } from './+types/test-detail';

/**
 * Translations this page ships besides the base ones (lib/i18n.ts). Static for visitors (decision 023):
 * what they can do here is read and follow the link to sign in; learners get the app (start, packs).
 */
export const handle = staticPage(i18nHandle('practice', 'payments'));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const { session } = await getServerSession(request, context);
  // Only learners take tests: educators and staff get no state of their own (the page says so).
  const learnerOrVisitor = session.status !== 'signed-in' || session.strategy === 'user';
  const [test, me] = await Promise.all([
    server(context.api).get('/public/tests/{slug}', { path: { slug } }),
    // A visitor gets 401 here: the page then offers to sign in.
    learnerOrVisitor
      ? server(context.api)
          .get('/user/tests/{slug}/me', { path: { slug } })
          .catch(() => null)
      : null,
  ]);
  if (test.status === 404 || test.status === 400) throw data(null, { status: 404 });
  if (!test.ok) throw data(null, { status: 500 });
  const detail = test.body.result;
  const locale = getLocale(request);
  const t = getServerT(locale, 'practice');
  const title = localTitle(detail, locale);
  return {
    test: detail,
    me: me?.ok ? me.body.result : null,
    seo: buildSeo(request, locale, {
      path: `/tests/${detail.slug}`,
      title: `${title} · Prepwise`,
      description:
        detail.excerpt ||
        t('detail.metaDescription', {
          title,
          exam: localName(detail.exam, locale),
          minutes: detail.duration_minutes,
        }),
      image: detail.cover?.url ?? null,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function TestDetailRoute({ loaderData }: Route.ComponentProps) {
  return <TestDetailPage test={loaderData.test} me={loaderData.me} />;
}
