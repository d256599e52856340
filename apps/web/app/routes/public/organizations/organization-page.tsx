import { Container } from '@mantine/core';
import { data } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { MyAssignedTests } from '../../../features/assignments';
import { OrganizationPublicPage } from '../../../features/directory';
import { buildSeo, seoMeta } from '../../../features/pages';
import { i18nHandle } from '../../../lib/i18n';
import { getServerT } from '../../../lib/i18n.server';
import { getLocale } from '../../../lib/locale';
import { server } from '../../../lib/server-api';
import type { Route } from './+types/organization-page';

export const handle = i18nHandle('directory', 'assignments');

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/public/organizations/{slug}', {
    path: { slug: encodeURIComponent(params.slug) },
  });
  if (response.status === 404 || response.status === 422) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  const organization = response.body.result;
  // A signed-in learner who already studies there is told so instead of being asked to join.
  const signedIn = /(?:^|;\s*)access_token=/.test(request.headers.get('cookie') ?? '');
  const mine = signedIn ? await server(context.api).get('/user/organizations') : undefined;
  const member = Boolean(mine?.ok && mine.body.result.some((entry) => entry.slug === organization.slug));
  const locale = getLocale(request);
  const t = getServerT(locale, 'directory');
  return {
    organization,
    member,
    seo: buildSeo(request, locale, {
      path: `/organizations/${organization.slug}`,
      title: `${organization.name} · Prepwise`,
      description:
        organization.description?.slice(0, 160) || t('detail.metaDescription', { name: organization.name }),
      image: organization.logo_url
        ? new URL(organization.logo_url, new URL(request.url).origin).toString()
        : null,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function OrganizationPageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OrganizationPublicPage organization={loaderData.organization} member={loaderData.member} />
      {loaderData.member ? (
        // The member's tests assigned by this organization (issue 15).
        <QueryProvider>
          <Container size="lg" pb="xl">
            <MyAssignedTests organizationSlug={loaderData.organization.slug} />
          </Container>
        </QueryProvider>
      ) : null}
    </>
  );
}
