import { type SessionUser, STRATEGIES, STRATEGY_COOKIE, type Strategy } from '@prepwise/contract';
import { useRouteLoaderData } from 'react-router';
import { readCookie } from './cookies';
import type { GuardSession } from './route-access';

/**
 * The session user of seed-spec §3 as the pages see it. Tokens never reach scripts (httpOnly
 * cookies); `expired` means the tokens exist but the access token has run out, so the app
 * refreshes before it routes (seed-spec §4).
 */
export type ClientSession =
  | { status: 'guest' }
  | { status: 'expired'; strategy: Strategy }
  | { status: 'signed-in'; strategy: Strategy; user: SessionUser };

export interface SessionLoaderData {
  session: ClientSession;
}

/** Route id of the pathless layout whose loader reads the session and guards every page. */
export const SESSION_ROUTE_ID = 'session';

export function isStrategy(value: unknown): value is Strategy {
  return typeof value === 'string' && (STRATEGIES as readonly string[]).includes(value);
}

export function readStrategy(cookieHeader: string | null | undefined): Strategy | undefined {
  const value = readCookie(cookieHeader, STRATEGY_COOKIE);
  return isStrategy(value) ? value : undefined;
}

/** `{prefix}/auth/info` of seed-spec §7: /user for user and educator strategies, /admin otherwise. */
export function authPrefixFor(strategy: Strategy): '/user' | '/admin' {
  return strategy === 'user' || strategy === 'educator' ? '/user' : '/admin';
}

export function toGuardSession(session: ClientSession): GuardSession {
  if (session.status === 'signed-in') return { status: 'signed-in', user: session.user };
  return session.status === 'expired' ? { status: 'expired' } : { status: 'guest' };
}

export function useSession(): ClientSession {
  const data = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData | undefined;
  return data?.session ?? { status: 'guest' };
}

/** The signed-in user, or null for visitors (and while an expired session is being refreshed). */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user : null;
}
