import { data } from 'react-router';
import { AssignedTestPage } from '../../../features/assignments';
import { i18nHandle } from '../../../lib/i18n';
import { server } from '../../../lib/server-api';
import { refreshPending } from '../../../lib/session.server';
import type { Route } from './+types/assigned-test';

export const handle = i18nHandle('assignments', 'practice');

/** /organizations/{slug}/test/{testSlug}: an organization's test assigned to the signed-in learner. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/user/organizations/{slug}/tests/{testSlug}', {
    path: { slug: encodeURIComponent(params.slug), testSlug: encodeURIComponent(params.testSlug) },
  });
  if (response.status === 401) return refreshPending(request, context);
  // Not assigned to this learner (or no such organization or test): the 404 page, telling nothing more.
  if ([400, 403, 404, 422].includes(response.status)) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return { assignment: response.body.result };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.assignment ? `${loaderData.assignment.test.title} · Prepwise` : 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function AssignedTestRoute({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <AssignedTestPage key={loaderData.assignment.id} slug={params.slug} assignment={loaderData.assignment} />
  );
}
