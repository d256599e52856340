import { data, redirect } from 'react-router';
import { AssignedResultPage } from '../../../features/assignments';
import { i18nHandle } from '../../../lib/i18n';
import { server } from '../../../lib/server-api';
import { refreshPending } from '../../../lib/session.server';
import type { Route } from './+types/assigned-test-result';

export const handle = i18nHandle('assignments', 'practice');

/**
 * /organizations/{slug}/test/{testSlug}/result/{resultId}: the learner's result of an assigned test; the
 * API withholds the per-question review until the assignment's policy releases it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await server(context.api).get('/user/attempts/{id}/result', {
    path: { id: encodeURIComponent(params.resultId) },
  });
  const base = `/organizations/${encodeURIComponent(params.slug)}/test/${encodeURIComponent(params.testSlug)}`;
  // Not finished yet: back to the exam.
  if (response.status === 409) throw redirect(`${base}/exam/${encodeURIComponent(params.resultId)}`);
  if (response.status === 401) return refreshPending(request, context);
  if ([400, 403, 404, 422].includes(response.status)) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return { result: response.body.result };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.result ? `${loaderData.result.test.title} · Prepwise` : 'Prepwise' },
  { name: 'robots', content: 'noindex' },
];

export default function AssignedTestResultRoute({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <AssignedResultPage slug={params.slug} result={loaderData.result} />;
}
