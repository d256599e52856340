import {
  defaultHomeFor,
  hasPermission,
  type Permission,
  type SessionUser,
  WEB_PATHS,
} from '@prepwise/contract';

/*
 * The route guard of seed-spec §4–5: what a page's guard says and what it decides for a session. Every
 * page's guard is in route-table.ts; both are imported through route-access.ts.
 */

/**
 * Who may open a page (seed-spec §5):
 * - `guest`: public pages; visitors and signed-in learners and educators, an admin goes to /admin;
 * - `not-authenticated`: sign-in and its siblings; a signed-in user goes to their default home;
 * - `authenticated`: everything else; a visitor goes to /sign-in. `area` adds the admin check
 *   (admin scope) or the organization check (educator of an approved organization); `permission`
 *   marks the page with one permission of the vocabulary (is_admin passes); `owner` keeps an
 *   organization page for the organization's owner (its package's orders and money).
 */
export type RouteAccess =
  | { kind: 'guest' }
  | { kind: 'not-authenticated' }
  | { kind: 'authenticated'; area?: 'admin' | 'organization'; permission?: Permission; owner?: true };

export type GuardUser = Pick<SessionUser, 'scope' | 'is_admin' | 'permissions' | 'organization'> &
  Partial<Pick<SessionUser, 'is_owner'>>;

export type GuardSession =
  | { status: 'guest' }
  | { status: 'expired' }
  | { status: 'signed-in'; user: GuardUser };

export type AccessDecision =
  | { action: 'allow' }
  /** Tokens exist but the access token has expired: refresh before routing (seed-spec §4). */
  | { action: 'refresh' }
  | { action: 'redirect'; to: string };

export function isAdminPath(pathname: string): boolean {
  return pathname === WEB_PATHS.admin || pathname.startsWith(`${WEB_PATHS.admin}/`);
}

/** A page of the back office: the admin area or the organization portal. */
export function isBackOfficePath(pathname: string): boolean {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return (
    isAdminPath(path) || path === WEB_PATHS.organization || path.startsWith(`${WEB_PATHS.organization}/`)
  );
}

/**
 * The query parameter that tells a back-office home which page it was sent away from because the
 * user lacks its permission (the home shows a notice naming the permission).
 */
export const FORBIDDEN_PARAM = 'forbidden';

/** The query parameters of /sign-in: why the user is there, and the staff form. */
export const SIGN_IN_REASON_PARAM = 'reason';
export const SESSION_EXPIRED_REASON = 'expired';
export const STAFF_SIGN_IN_PARAM = 'as';
export const STAFF_SIGN_IN_VALUE = 'staff';

/** Educators land on /organization only once their organization is approved. */
export function homeFor(user: GuardUser): string {
  if (user.scope === 'educator' && user.organization?.status !== 'approved') return WEB_PATHS.home;
  return defaultHomeFor(user.scope);
}

function passesArea(user: GuardUser, area: 'admin' | 'organization' | undefined): boolean {
  if (area === 'admin') return user.scope === 'admin';
  if (area === 'organization') return user.scope === 'educator' && user.organization?.status === 'approved';
  return true;
}

/**
 * `/sign-in`, remembering a same-site path to come back to; a back-office path opens the staff
 * form (`?as=staff`), and `reason` says why the user is asked to sign in (`expired`).
 */
export function signInPath(returnTo?: string, options: { staff?: boolean; reason?: string } = {}): string {
  const params = new URLSearchParams();
  const safe = returnTo && returnTo !== WEB_PATHS.home && isSafeReturnPath(returnTo);
  if (options.staff || (safe && isBackOfficePath(returnTo))) {
    params.set(STAFF_SIGN_IN_PARAM, STAFF_SIGN_IN_VALUE);
  }
  if (options.reason) params.set(SIGN_IN_REASON_PARAM, options.reason);
  if (safe) params.set('redirectTo', returnTo);
  const query = params.toString();
  return query ? `${WEB_PATHS.signIn}?${query}` : WEB_PATHS.signIn;
}

/** Where a user is sent from a page they may not open; a back-office home learns which page. */
function forbiddenRedirect(home: string, pathname: string): AccessDecision {
  if (home === pathname) return { action: 'redirect', to: WEB_PATHS.home };
  if (!isBackOfficePath(home)) return { action: 'redirect', to: home };
  return { action: 'redirect', to: `${home}?${new URLSearchParams({ [FORBIDDEN_PARAM]: pathname })}` };
}

/** Only same-site paths: `/x` yes, `//evil.example` or `/\evil.example` no. */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
  );
}

/**
 * The route guard of seed-spec §4–5, in its order: page exists → authentication → permission →
 * redirect rules. `returnTo` is the path (with query) a visitor is sent back to after signing in.
 */
export function decideAccess(
  access: RouteAccess | undefined,
  session: GuardSession,
  pathname: string,
  returnTo: string = pathname,
): AccessDecision {
  // 1. A page that does not exist is answered by the 404 page, whoever asks.
  if (!access) return { action: 'allow' };
  if (session.status === 'expired') return { action: 'refresh' };

  // 2. Authentication.
  if (session.status === 'guest') {
    return access.kind === 'authenticated' ? { action: 'redirect', to: signInPath(returnTo) } : ALLOW;
  }
  const { user } = session;
  const home = homeFor(user);

  // 3. Permission: the area check, then the page's permission.
  if (access.kind === 'authenticated') {
    if (!passesArea(user, access.area)) {
      return { action: 'redirect', to: home === pathname ? WEB_PATHS.home : home };
    }
    // In the right area without the page's permission: the home says which page was refused.
    if (!hasPermission(user, access.permission)) return forbiddenRedirect(home, pathname);
    if (access.owner && !user.is_owner) return forbiddenRedirect(home, pathname);
  }

  // 4. Redirect rules.
  if (access.kind === 'not-authenticated') return redirectUnlessHere(home, pathname);
  if (user.scope === 'admin' && !isAdminPath(pathname)) return redirectUnlessHere(WEB_PATHS.admin, pathname);
  return ALLOW;
}

const ALLOW: AccessDecision = { action: 'allow' };

function redirectUnlessHere(to: string, pathname: string): AccessDecision {
  return to === pathname ? ALLOW : { action: 'redirect', to };
}
