import type { AttemptResult } from '@prepwise/contract';
import type { AppLoadContext } from 'react-router';
import { data, redirect } from 'react-router';
import { server } from '../../../lib/server-api';
import { refreshPending } from '../../../lib/session.server';

/** The result of one of the signed-in learner's attempts, for the two result routes. */
export async function loadAttemptResult(
  request: Request,
  context: AppLoadContext,
  slug: string,
  attemptId: string,
): Promise<{ result: AttemptResult } | null> {
  const response = await server(context.api).get('/user/attempts/{id}/result', {
    path: { id: attemptId },
  });
  // Not finished yet: back to the exam; someone else's or unknown: the 404 page.
  if (response.status === 409) {
    throw redirect(`/tests/${encodeURIComponent(slug)}/exam/${encodeURIComponent(attemptId)}`);
  }
  // The access token expired: the session layout refreshes it and reloads the page.
  if (response.status === 401) return refreshPending(request, context);
  if ([400, 403, 404, 422].includes(response.status)) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return { result: response.body.result };
}
