import type { AttemptResult } from '@prepwise/contract';
import { data, redirect } from 'react-router';
import type { ServerApi } from '../../lib/load-context';

/** The result of one of the signed-in learner's attempts, for the two result routes. */
export async function loadAttemptResult(
  api: ServerApi,
  slug: string,
  attemptId: string,
): Promise<{ result: AttemptResult }> {
  const response = await api.get<{ result: AttemptResult }>(
    `/api/user/attempts/${encodeURIComponent(attemptId)}/result`,
  );
  // Not finished yet: back to the exam; someone else's or unknown: the 404 page.
  if (response.status === 409) {
    throw redirect(`/tests/${encodeURIComponent(slug)}/exam/${encodeURIComponent(attemptId)}`);
  }
  if ([400, 403, 404, 422].includes(response.status)) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return { result: response.body.result };
}
