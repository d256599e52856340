import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiCallResult } from '../../../lib/load-context';
import { loadAttemptResult } from './result.server';

/*
 * Issue 14: a learner who comes back after the access token expired must not get a 500 from the
 * server render of a result page. The result's API call answers 401 EXPIRED_TOKEN; the page's loader
 * answers null (the session layout renders its refresher, 200, as on every page) instead of throwing.
 */

const ATTEMPT = '6d1f4c1e-5b2a-4c39-9d43-0c6b3f1a2b77';

function contextAnswering(answers: Record<string, ApiCallResult<unknown>>): AppLoadContext {
  const get = async (path: string) => {
    const answer = Object.entries(answers).find(([prefix]) => path.startsWith(prefix));
    if (!answer) throw new Error(`unexpected API call ${path}`);
    return answer[1];
  };
  return { api: { get, call: (_method: string, path: string) => get(path) } } as unknown as AppLoadContext;
}

const expired = { ok: false, status: 401, body: { key: 'EXPIRED_TOKEN' } } as ApiCallResult<unknown>;
const request = (cookie: string) =>
  new Request(`http://localhost/tests/t/result/${ATTEMPT}`, { headers: { cookie } });

describe('the result page loader', () => {
  it('answers null for an expired session (the layout refreshes it), never a 500', async () => {
    const context = contextAnswering({
      '/api/user/attempts/': expired,
      '/api/user/auth/info': expired,
    });
    const answer = await loadAttemptResult(
      request('strategy=user; access_token=stale'),
      context,
      't',
      ATTEMPT,
    );
    expect(answer).toBeNull();
  });

  it('keeps a 401 for a request that has no session at all', async () => {
    const context = contextAnswering({
      '/api/user/attempts/': {
        ok: false,
        status: 401,
        body: { key: 'UNAUTHORIZED' },
      } as ApiCallResult<unknown>,
    });
    const thrown = await loadAttemptResult(request(''), context, 't', ATTEMPT).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 401 } });
  });

  it('still answers 404 for an attempt that is not the learner’s', async () => {
    const context = contextAnswering({
      '/api/user/attempts/': { ok: false, status: 404, body: { key: 'NOT_FOUND' } } as ApiCallResult<unknown>,
    });
    const thrown = await loadAttemptResult(
      request('strategy=user; access_token=x'),
      context,
      't',
      ATTEMPT,
    ).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
