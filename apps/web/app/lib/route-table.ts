import { matchRoutes } from 'react-router';
import { BACK_OFFICE_PAGES } from './back-office-pages';
import type { ScopedPage } from './page-manifest';
import type { RouteAccess } from './route-guard';

/*
 * Every page's guard (seed-spec §5). It is read by the session layout's loader on the server, and in
 * the browser only by back-office pages, so it stays out of the public pages' shell chunk
 * (vite/shell-chunk.ts follows route-access.ts's names to route-guard.ts alone).
 */

const GUEST: RouteAccess = { kind: 'guest' };
const NOT_AUTHENTICATED: RouteAccess = { kind: 'not-authenticated' };
const SIGNED_IN: RouteAccess = { kind: 'authenticated' };

/** The guards of the pages outside the back office, which are written in routes.ts by hand. */
const SITE_ACCESS: ReadonlyArray<readonly [pattern: string, access: RouteAccess]> = [
  ['/', GUEST],
  ['/register-organization', GUEST],
  ['/sign-in', NOT_AUTHENTICATED],
  ['/register', NOT_AUTHENTICATED],
  ['/forgot-password', NOT_AUTHENTICATED],
  ['/dashboard', SIGNED_IN],
  ['/profile', SIGNED_IN],
  ['/profile/change-password', SIGNED_IN],
  ['/join-organization', SIGNED_IN],
  ['/join/:token', GUEST],
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

/** A back-office page's guard, from its manifest: its area, its permission, the owner check. */
function backOfficeAccess(page: ScopedPage): RouteAccess {
  return {
    kind: 'authenticated',
    area: page.area,
    ...(page.permission ? { permission: page.permission } : {}),
    ...(page.owner ? { owner: true } : {}),
  };
}

/**
 * Every page of routes.ts with its guard, in one place (a test checks that none is missing): the
 * site's pages above, the back office's from the page manifests (lib/back-office-pages.ts). Patterns
 * use React Router syntax and are ranked as the router ranks them (a static segment before a parameter).
 */
export const ROUTE_ACCESS: ReadonlyArray<readonly [pattern: string, access: RouteAccess]> = [
  ...SITE_ACCESS,
  ...BACK_OFFICE_PAGES.map((page) => [page.pattern, backOfficeAccess(page)] as const),
];

/**
 * /{page} exists only for published pages, which the guard cannot know: such a path is decided like
 * an unknown one (anyone reaches it, and the page answers with its content or the 404 page).
 */
export const GENERIC_PAGE_PATTERN = '/:page';

/** ROUTE_ACCESS as routes to match, without /{page}. */
const MATCHABLE_ACCESS = ROUTE_ACCESS.filter(([pattern]) => pattern !== GENERIC_PAGE_PATTERN).map(
  ([path, access]) => ({ path, access }),
);

/**
 * The guard of a path, or `undefined` when no page answers it (it will be a 404). The pattern is
 * chosen as the router chooses its route (`/admin/category/create` is not `/admin/category/:categoryId`).
 */
export function findRouteAccess(pathname: string): RouteAccess | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return matchRoutes(MATCHABLE_ACCESS, normalized)?.[0]?.route.access;
}
