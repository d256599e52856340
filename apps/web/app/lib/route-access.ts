import {
  defaultHomeFor,
  hasPermission,
  type Permission,
  type SessionUser,
  WEB_PATHS,
} from '@prepwise/contract';
import { matchPath } from 'react-router';

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

const GUEST: RouteAccess = { kind: 'guest' };
const NOT_AUTHENTICATED: RouteAccess = { kind: 'not-authenticated' };
const SIGNED_IN: RouteAccess = { kind: 'authenticated' };
const admin = (permission?: Permission): RouteAccess => ({
  kind: 'authenticated',
  area: 'admin',
  permission,
});
const organization = (permission?: Permission): RouteAccess => ({
  kind: 'authenticated',
  area: 'organization',
  permission,
});
const organizationOwner: RouteAccess = { kind: 'authenticated', area: 'organization', owner: true };

/**
 * Every page of routes.ts with its guard, in one place (a test checks that none is missing).
 * Patterns use React Router syntax; the first match wins.
 */
export const ROUTE_ACCESS: ReadonlyArray<readonly [pattern: string, access: RouteAccess]> = [
  ['/', GUEST],
  ['/register-organization', GUEST],
  ['/sign-in', NOT_AUTHENTICATED],
  ['/register', NOT_AUTHENTICATED],
  ['/forgot-password', NOT_AUTHENTICATED],
  ['/dashboard', SIGNED_IN],
  ['/profile', SIGNED_IN],
  ['/profile/change-password', SIGNED_IN],
  ['/admin', admin()],
  ['/admin/profile', admin()],
  ['/admin/profile/change-password', admin()],
  ['/admin/staffs/list', admin('view_user')],
  ['/admin/staffs/list/create', admin('create_user')],
  ['/admin/staffs/list/:id/edit', admin('update_user')],
  ['/admin/staffs/list/:id/detail', admin('view_user')],
  ['/admin/staffs/role', admin('view_role')],
  ['/admin/staffs/role/create', admin('create_role')],
  ['/admin/staffs/role/:id/edit', admin('update_role')],
  ['/admin/blog', admin('view_blog')],
  ['/admin/blog/create', admin('create_blog')],
  ['/admin/blog/:id/edit', admin('update_blog')],
  ['/admin/blog-category', admin('view_blog')],
  ['/admin/blog-category/create', admin('create_blog')],
  ['/admin/blog-category/:id/edit', admin('update_blog')],
  ['/admin/pages', admin('view_page')],
  ['/admin/pages/create', admin('create_page')],
  ['/admin/pages/:id/edit', admin('update_page')],
  // Vocabulary: its own permissions (issue 26; the spec had given these screens an empty one).
  ['/admin/vocabulary/topic', admin('view_vocabulary')],
  ['/admin/vocabulary/topic/create', admin('create_vocabulary')],
  ['/admin/vocabulary/topic/:id/edit', admin('update_vocabulary')],
  ['/admin/vocabulary/list', admin('view_vocabulary')],
  ['/admin/vocabulary/list/create', admin('create_vocabulary')],
  ['/admin/vocabulary/list/import', admin('create_vocabulary')],
  ['/admin/vocabulary/list/:id/edit', admin('update_vocabulary')],
  // Exam content authoring: static segments before the parameters they would match.
  ['/admin/category', admin('view_category')],
  ['/admin/category/create', admin('create_category')],
  ['/admin/category/:categoryId', admin('view_category')],
  ['/admin/category/:categoryId/edit', admin('update_category')],
  ['/admin/category/:categoryId/create', admin('create_category')],
  ['/admin/category/:categoryId/:examId', admin('view_category')],
  ['/admin/category/:categoryId/:examId/edit', admin('update_category')],
  ['/admin/category/:categoryId/:examId/create', admin('create_part')],
  ['/admin/category/:categoryId/:examId/:formatId/edit', admin('update_part')],
  ['/admin/level', admin('view_question_level')],
  ['/admin/level/create', admin('create_question_level')],
  ['/admin/level/:id/edit', admin('update_question_level')],
  ['/admin/question-type', admin('view_question_type')],
  ['/admin/question-type/create', admin('create_question_type')],
  ['/admin/question-type/:id/edit', admin('update_question_type')],
  ['/admin/point-config', admin('view_point_config')],
  ['/admin/point-config/create', admin('create_point_config')],
  ['/admin/point-config/:id/edit', admin('update_point_config')],
  ['/admin/question-bank/single', admin('view_question')],
  ['/admin/question-bank/single/create', admin('create_question')],
  ['/admin/question-bank/single/:id/edit', admin('update_question')],
  ['/admin/question-bank/group', admin('view_question')],
  ['/admin/question-bank/group/create', admin('create_question')],
  ['/admin/question-bank/group/:id/edit', admin('update_question')],
  ['/admin/question-bank/import', admin('create_question')],
  ['/admin/question-bank/generate', admin('view_question')],
  ['/admin/question-bank/generate/create', admin('create_question')],
  ['/admin/question-bank/generate/:id/detail', admin('view_question')],
  ['/admin/question-bank/ai', admin('view_question')],
  ['/admin/question-bank/ai/:id/edit', admin('update_question')],
  ['/admin/question-bank/single/ai', admin('create_question')],
  ['/admin/question-bank/single/ai/:id', admin('view_question')],
  ['/admin/question-bank/group/ai', admin('create_question')],
  ['/admin/question-bank/group/ai/:id', admin('view_question')],
  ['/admin/test', admin('view_test')],
  ['/admin/test/create', admin('create_test')],
  ['/admin/test/:id/edit', admin('update_test')],
  ['/admin/test/:id/detail', admin('view_test')],
  ['/admin/pack-exam', admin('view_pack')],
  ['/admin/pack-exam/create', admin('create_pack')],
  ['/admin/pack-exam/:id/edit', admin('update_pack')],
  ['/admin/students', admin('view_student')],
  ['/admin/students/:id', admin('view_student')],
  ['/admin/students/:id/edit', admin('update_student')],
  ['/admin/students/:id/test/:testId', admin('view_student')],
  ['/admin/students/:id/test/:testId/result/:resultId', admin('view_student')],
  ['/admin/analytics', admin('view_analytics')],
  ['/admin/transactions', admin('view_transaction')],
  ['/admin/organization-packages', admin('view_package')],
  ['/admin/organization-packages/create', admin('create_package')],
  ['/admin/organization-packages/:id/edit', admin('update_package')],
  ['/organization', organization()],
  ['/organization/profile', organization()],
  // Every staff member sees the package and its usage; buying and the orders are the owner's (the API says).
  ['/organization/package', organization()],
  ['/organization/transactions', organizationOwner],
  ['/organization/staffs/list', organization('view_user')],
  ['/organization/staffs/list/create', organization('create_user')],
  ['/organization/staffs/list/:id/edit', organization('update_user')],
  ['/organization/staffs/list/:id/detail', organization('view_user')],
  ['/organization/staffs/role', organization('view_role')],
  ['/organization/staffs/role/create', organization('create_role')],
  ['/organization/staffs/role/:id/edit', organization('update_role')],
  // Organizations: view_educator reads them, create_educator changes them (and their staff).
  ['/admin/organization-management/list', admin('view_educator')],
  ['/admin/organization-management/list/create', admin('create_educator')],
  ['/admin/organization-management/list/:organizationId', admin('view_educator')],
  ['/admin/organization-management/list/:organizationId/edit', admin('create_educator')],
  ['/admin/organization-management/list/:organizationId/staff/create', admin('create_educator')],
  ['/admin/organization-management/list/:organizationId/staff/:staffId/edit', admin('create_educator')],
  ['/admin/organization-management/list/:organizationId/staff/:staffId/detail', admin('view_educator')],
  ['/admin/organization-management/approve', admin('view_educator')],
  ['/admin/organization-management/approve/:id/detail', admin('view_educator')],
  ['/admin/organization-management/list/:organizationId/:studentId', admin('view_student')],
  ['/admin/organization-management/list/:organizationId/:studentId/edit', admin('update_student')],
  ['/organization/students', organization('view_student')],
  ['/organization/students/invite', organization('view_student')],
  ['/organization/students/import', organization('update_student')],
  ['/organization/students/:id', organization('view_student')],
  ['/organization/students/:id/edit', organization('update_student')],
  ['/organization/students/:id/test/:testId', organization('view_student')],
  ['/organization/students/:id/test/:testId/result/:resultId', organization('view_student')],
  ['/organization/analytics', organization('view_analytics')],
  ['/organization/classes', organization('view_student')],
  ['/join-organization', SIGNED_IN],
  ['/join/:token', GUEST],
  ['/organization/level', organization('view_question_level')],
  ['/organization/level/create', organization('create_question_level')],
  ['/organization/level/:id/edit', organization('update_question_level')],
  ['/organization/question-type', organization('view_question_type')],
  ['/organization/question-type/create', organization('create_question_type')],
  ['/organization/question-type/:id/edit', organization('update_question_type')],
  ['/organization/point-config', organization('view_point_config')],
  ['/organization/point-config/create', organization('create_point_config')],
  ['/organization/point-config/:id/edit', organization('update_point_config')],
  ['/organization/category', organization('view_category')],
  ['/organization/category/create', organization('create_category')],
  ['/organization/category/:categoryId', organization('view_category')],
  ['/organization/category/:categoryId/edit', organization('update_category')],
  ['/organization/question-bank/generate', organization('view_question')],
  ['/organization/question-bank/generate/create', organization('create_question')],
  ['/organization/question-bank/generate/:id/detail', organization('view_question')],
  ['/organization/question-bank/ai', organization('view_question')],
  ['/organization/question-bank/ai/:id/edit', organization('update_question')],
  ['/organization/question-bank/single/ai', organization('create_question')],
  ['/organization/question-bank/single/ai/:id', organization('view_question')],
  ['/organization/question-bank/group/ai', organization('create_question')],
  ['/organization/question-bank/group/ai/:id', organization('view_question')],
  ['/organization/question-bank/single', organization('view_question')],
  ['/organization/question-bank/single/create', organization('create_question')],
  ['/organization/question-bank/single/:id/edit', organization('update_question')],
  ['/organization/question-bank/group', organization('view_question')],
  ['/organization/question-bank/group/create', organization('create_question')],
  ['/organization/question-bank/group/:id/edit', organization('update_question')],
  ['/organization/question-bank/import', organization('create_question')],
  ['/organization/test/manual', organization('view_test')],
  ['/organization/test/manual/create', organization('create_test')],
  ['/organization/test/manual/:id/edit', organization('update_test')],
  ['/organization/test/manual/:id/detail', organization('view_test')],
  // A student's result names them: the students' permission (issue 26), as the API asks.
  ['/organization/test/manual/:id/result/:resultId', organization('view_student')],
  ['/organization/test/smart', organization('view_test')],
  ['/organization/test/smart/create', organization('create_test')],
  ['/organization/test/smart/:id/edit', organization('update_test')],
  ['/organization/test/smart/:id/detail', organization('view_test')],
  ['/organization/test/smart/:id/result/:resultId', organization('view_student')],
  ['/blog', GUEST],
  ['/blog/:slug', GUEST],
  ['/grammar', GUEST],
  ['/grammar/tense', GUEST],
  ['/grammar/comparison', GUEST],
  ['/grammar/:topic', GUEST],
  ['/roadmap', GUEST],
  ['/tests', GUEST],
  ['/tests/:slug', GUEST],
  ['/organizations', GUEST],
  ['/organizations/:slug', GUEST],
  ['/organizations/:slug/test/:testSlug', SIGNED_IN],
  ['/organizations/:slug/test/:testSlug/result/:resultId', SIGNED_IN],
  ['/organizations/:slug/test/:testSlug/exam/:examId', SIGNED_IN],
  ['/vocabulary', GUEST],
  ['/vocabulary/review', SIGNED_IN],
  ['/vocabulary/my-words', SIGNED_IN],
  ['/vocabulary/:slug', GUEST],
  ['/dictation', GUEST],
  ['/dictation/:id', GUEST],
  ['/tests/:slug/result/:resultId', SIGNED_IN],
  ['/test-history', SIGNED_IN],
  ['/mistakes', SIGNED_IN],
  ['/transactions', SIGNED_IN],
  ['/payment-successful', SIGNED_IN],
  ['/payment-simulator', GUEST],
  ['/test-history/:testSlug', SIGNED_IN],
  ['/test-history/:testSlug/result/:resultId', SIGNED_IN],
  ['/tests/:slug/exam/:examId', SIGNED_IN],
  // Generic pages (/term, /privacy …): see GENERIC_PAGE_PATTERN.
  ['/:page', GUEST],
];

/**
 * /{page} exists only for published pages, which the guard cannot know: such a path is decided like
 * an unknown one (anyone reaches it, and the page answers with its content or the 404 page).
 */
export const GENERIC_PAGE_PATTERN = '/:page';

/** The guard of a path, or `undefined` when no page answers it (it will be a 404). */
export function findRouteAccess(pathname: string): RouteAccess | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, access] of ROUTE_ACCESS) {
    if (pattern === GENERIC_PAGE_PATTERN) continue;
    if (matchPath({ path: pattern, end: true }, normalized)) return access;
  }
  return undefined;
}

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
