import type { Strategy } from '@prepwise/contract';
import { readJson, toApiError } from './api-error';
import { navigateTo, reloadCurrentOrPending } from './client-navigation';
import { reportError } from './error-reporting';
import { signInPath } from './route-access';
import { authPrefixFor, readStrategy } from './session';
import { signOut } from './sign-out';
import { hasUnsavedChanges } from './unsaved-changes-registry';

/*
 * Seed-spec §4 token refresh. On a 401 EXPIRED_TOKEN exactly one refresh runs: requests failing
 * meanwhile in this tab share its promise, and other tabs wait on a Web Lock and first try their
 * request again (the cookies are shared, so another tab's refresh may already have fixed it).
 * Success reloads the page, except over a form holding unsaved changes: then the request is sent
 * again (decision 032). Failure is logged, reported, and signs the user out.
 */
const LOCK_NAME = 'prepwise:token-refresh';
/** Set just before the reload that follows a refresh; cleared once a page renders signed in. */
export const REFRESH_RELOAD_MARK = 'prepwise:refreshed-at';
const REFRESH_LOOP_WINDOW_MS = 10_000;

type Outcome = { kind: 'refreshed' } | { kind: 'recovered'; response: Response | null } | { kind: 'failed' };

let pending: Promise<Outcome> | null = null;

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

export async function isExpiredTokenResponse(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await readJson(response.clone())) as { key?: unknown } | undefined;
  return body?.key === 'EXPIRED_TOKEN';
}

function hasWebLocks(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';
}

async function refreshTokens(strategy: Strategy, retry: (() => Promise<Response>) | null): Promise<Outcome> {
  const locks = hasWebLocks();
  const work = async (): Promise<Outcome> => {
    if (retry && locks) {
      const again = await retry();
      if (!(await isExpiredTokenResponse(again))) return { kind: 'recovered', response: again };
    }
    const response = await fetch(`/api/${strategy}/auth/refresh-token`, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw toApiError(await readJson(response), response.status);
    return { kind: 'refreshed' };
  };
  try {
    const outcome = locks ? await navigator.locks.request(LOCK_NAME, work) : await work();
    if (outcome.kind !== 'refreshed') return outcome;
    // A form holds what the user typed (typically the save that met the expiry): a reload would lose
    // it, so the request is sent again on the renewed session instead (decision 032).
    if (retry && hasUnsavedChanges()) {
      const again = await retry().catch(() => null);
      if (again) return { kind: 'recovered', response: again };
    }
    reloadAfterRefresh();
    return outcome;
  } catch (error) {
    reportError(error, 'Token refresh failed');
    await signOut({ reason: 'expired' });
    return { kind: 'failed' };
  }
}

function reloadAfterRefresh() {
  try {
    sessionStorage.setItem(REFRESH_RELOAD_MARK, String(Date.now()));
  } catch {
    // Storage can be unavailable (private mode); the reload still happens.
  }
  // A navigation whose data call met the expiry: its target, not the page being left, is reloaded.
  reloadCurrentOrPending();
}

function runShared(strategy: Strategy, retry: (() => Promise<Response>) | null) {
  if (!pending) {
    pending = refreshTokens(strategy, retry);
    void pending.then((outcome) => {
      if (outcome.kind === 'recovered') pending = null;
    });
    return { outcome: pending, first: true };
  }
  return { outcome: pending, first: false };
}

/**
 * Called by the API client for a request answered 401 EXPIRED_TOKEN. Resolves with the answer to
 * use when another tab had already refreshed or a form holds unsaved changes (the request is sent
 * again); otherwise the page reloads or the user is signed out, and the promise never settles.
 */
export async function recoverFromExpiredToken(retry: () => Promise<Response>): Promise<Response> {
  const strategy = readStrategy(document.cookie);
  if (!strategy) {
    navigateTo(signInPath(undefined, { reason: 'expired' }), { replace: true });
    return never();
  }
  const { outcome, first } = runShared(strategy, retry);
  const result = await outcome;
  if (result.kind !== 'recovered') return never();
  return first && result.response ? result.response : retry();
}

/**
 * The page was rendered for an expired session (seed-spec §4: tokens exist, the user is not
 * loaded): refresh, then reload. A second expired render right after such a reload counts as a
 * failed refresh, so the page can never loop.
 */
export async function refreshExpiredSession(strategy: Strategy): Promise<void> {
  let reloadedAt = 0;
  try {
    reloadedAt = Number(sessionStorage.getItem(REFRESH_RELOAD_MARK) ?? 0);
    sessionStorage.removeItem(REFRESH_RELOAD_MARK);
  } catch {
    // No storage: no loop guard beyond the refresh token itself.
  }
  if (reloadedAt && Date.now() - reloadedAt < REFRESH_LOOP_WINDOW_MS) {
    reportError(
      toApiError({ statusCode: 401, key: 'EXPIRED_TOKEN', message: 'The session could not be renewed' }),
      'Token refresh did not take',
    );
    await signOut({ reason: 'expired' });
    return;
  }
  const infoPath = `/api${authPrefixFor(strategy)}/auth/info`;
  const retry = () => fetch(infoPath, { credentials: 'include', headers: { accept: 'application/json' } });
  const { outcome } = runShared(strategy, retry);
  const result = await outcome;
  if (result.kind === 'recovered') window.location.reload();
}

/** A page rendered signed in proves the last refresh worked. */
export function clearRefreshMark() {
  try {
    sessionStorage.removeItem(REFRESH_RELOAD_MARK);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Renews the access token ahead of its expiry without reloading the page: the exam runner's saves must
 * not meet a 401 (nor a reload mid-recording). Runs under the same lock as the 401 refresh, so tabs
 * renew one after another. Answers the new token's lifetime in seconds, or null when it could not be
 * renewed (the next request then takes the usual 401 path).
 */
export async function renewAccessToken(): Promise<number | null> {
  const strategy = readStrategy(document.cookie);
  if (!strategy) return null;
  const work = async (): Promise<number | null> => {
    const response = await fetch(`/api/${strategy}/auth/refresh-token`, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const payload = (await readJson(response)) as { result?: { expires_in?: unknown } } | undefined;
    const seconds = payload?.result?.expires_in;
    return typeof seconds === 'number' ? seconds : null;
  };
  try {
    return hasWebLocks() ? await navigator.locks.request(LOCK_NAME, work) : await work();
  } catch {
    return null;
  }
}
