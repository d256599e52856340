import {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  STRATEGY_COOKIE,
  sessionUserSchema,
} from '@prepwise/contract';
import { type AppLoadContext, data } from 'react-router';
import { readCookie } from './cookies';
import { server } from './server-api';
import { authPrefixFor, type ClientSession, readStrategy } from './session';

export interface ServerSession {
  session: ClientSession;
  /** Set-Cookie headers for the page answer (stale session cookies are cleared). */
  setCookies: string[];
}

/** Expires the session cookies (paths as the API sets them). */
export function clearedSessionCookies(): string[] {
  const expired = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax';
  return [
    `${ACCESS_TOKEN_COOKIE}=; Path=/; HttpOnly; ${expired}`,
    `${REFRESH_TOKEN_COOKIE}=; Path=/api; HttpOnly; ${expired}`,
    `${STRATEGY_COOKIE}=; Path=/; ${expired}`,
  ];
}

const sessions = new WeakMap<object, Promise<ServerSession>>();

/**
 * The session of this request, read once per request through the in-process API (GET
 * {prefix}/auth/info with the browser's cookies) and shared by every loader of the request.
 */
export function getServerSession(request: Request, context: AppLoadContext): Promise<ServerSession> {
  let pending = sessions.get(context);
  if (!pending) {
    pending = readSession(request, context);
    sessions.set(context, pending);
  }
  return pending;
}

async function readSession(request: Request, context: AppLoadContext): Promise<ServerSession> {
  const cookieHeader = request.headers.get('cookie');
  const strategy = readStrategy(cookieHeader);
  if (!strategy) return { session: { status: 'guest' }, setCookies: [] };
  if (!readCookie(cookieHeader, ACCESS_TOKEN_COOKIE)) {
    // The strategy cookie outlived the tokens: nothing is left to sign in with.
    return { session: { status: 'guest' }, setCookies: clearedSessionCookies() };
  }

  const answer = await server(context.api).get(`${authPrefixFor(strategy)}/auth/info`);
  if (answer.ok) {
    const parsed = sessionUserSchema.safeParse(answer.body?.result);
    if (parsed.success)
      return { session: { status: 'signed-in', strategy, user: parsed.data }, setCookies: [] };
    console.error('GET auth/info answered an unexpected shape', parsed.error.issues);
    return { session: { status: 'guest' }, setCookies: [] };
  }
  if (answer.status === 401 && answer.body?.key === 'EXPIRED_TOKEN') {
    return { session: { status: 'expired', strategy }, setCookies: [] };
  }
  if (answer.status === 401 || answer.status === 403) {
    // Revoked, forged or foreign tokens, or a disabled account: the browser forgets them.
    return { session: { status: 'guest' }, setCookies: clearedSessionCookies() };
  }
  // Seed-spec §8: a failed user-info fetch is only logged.
  console.error(`GET auth/info failed: ${answer.status} ${answer.body?.key ?? ''}`);
  return { session: { status: 'guest' }, setCookies: [] };
}

/**
 * For a page loader whose API call answered 401. When the request's access token has merely expired, the
 * session layout renders its refresher instead of the page (200, as every page then answers) and the
 * page's data is not needed: the loader answers null. A request without a session keeps its 401.
 */
export async function refreshPending(request: Request, context: AppLoadContext): Promise<null> {
  const { session } = await getServerSession(request, context);
  if (session.status === 'expired') return null;
  throw data(null, { status: 401 });
}
