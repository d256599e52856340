import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import {
  decideAccess,
  findRouteAccess,
  GENERIC_PAGE_PATTERN,
  type GuardSession,
  type GuardUser,
  isSafeReturnPath,
  ROUTE_ACCESS,
  signInPath,
} from './route-access';

const approvedOrganization = {
  id: 'o1',
  name: 'Trung tâm A',
  slug: 'trung-tam-a',
  status: 'approved' as const,
};

function signedIn(user: Partial<GuardUser>): GuardSession {
  return {
    status: 'signed-in',
    user: { scope: 'user', is_admin: false, permissions: [], organization: null, ...user },
  };
}

const visitor: GuardSession = { status: 'guest' };
const learner = signedIn({ scope: 'user' });
const educator = signedIn({ scope: 'educator', organization: approvedOrganization });
const pendingEducator = signedIn({
  scope: 'educator',
  organization: { ...approvedOrganization, status: 'pending' },
});
const superAdmin = signedIn({ scope: 'admin', is_admin: true });
const staff = signedIn({ scope: 'admin', permissions: ['view_test', 'view_category'] });
const userManager = signedIn({ scope: 'admin', permissions: ['view_user'] });

function decide(session: GuardSession, pathname: string) {
  return decideAccess(findRouteAccess(pathname), session, pathname);
}

describe('findRouteAccess', () => {
  it('matches static and parameterised patterns, ignoring a trailing slash', () => {
    expect(findRouteAccess('/')).toEqual({ kind: 'guest' });
    expect(findRouteAccess('/sign-in/')).toEqual({ kind: 'not-authenticated' });
    expect(findRouteAccess('/admin/staffs/list/5f0c/edit')).toEqual({
      kind: 'authenticated',
      area: 'admin',
      permission: 'update_user',
    });
  });

  it('knows nothing of paths without a page', () => {
    expect(findRouteAccess('/no-such-page')).toBeUndefined();
    expect(findRouteAccess('/admin/no-such-page')).toBeUndefined();
  });

  it('covers every page declared in routes.ts', () => {
    const paths: string[] = [];
    const walk = (entries: RouteConfigEntry[], parent: string) => {
      for (const entry of entries) {
        const own = entry.index ? '' : (entry.path ?? '');
        const full = own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
        if (entry.children) walk(entry.children, full || '/');
        else if (!full.includes('*') && !entry.file.endsWith('.ts')) paths.push(full || '/');
      }
    };
    walk(routes, '');
    // /{page} is decided like an unknown path on purpose (see GENERIC_PAGE_PATTERN).
    const uncovered = paths.filter(
      (path) => path !== GENERIC_PAGE_PATTERN && !findRouteAccess(path.replace(/:(\w+)/g, 'x-$1')),
    );
    expect(uncovered).toEqual([]);
    // …and the table holds no pattern without a page.
    expect(ROUTE_ACCESS.map(([pattern]) => pattern).sort()).toEqual([...paths].sort());
  });
});

describe('decideAccess (seed-spec §4–5)', () => {
  it('lets anyone reach a path without a page, so it can answer 404', () => {
    expect(decide(visitor, '/nowhere')).toEqual({ action: 'allow' });
    expect(decide(superAdmin, '/nowhere')).toEqual({ action: 'allow' });
  });

  it('asks for a refresh before routing when the access token has expired', () => {
    expect(decide({ status: 'expired' }, '/profile')).toEqual({ action: 'refresh' });
    expect(decide({ status: 'expired' }, '/')).toEqual({ action: 'refresh' });
  });

  it('sends visitors of protected pages to /sign-in with the way back', () => {
    expect(decide(visitor, '/profile')).toEqual({ action: 'redirect', to: '/sign-in?redirectTo=%2Fprofile' });
    // Back-office pages open the staff sign-in (?as=staff).
    expect(decide(visitor, '/admin')).toEqual({
      action: 'redirect',
      to: '/sign-in?as=staff&redirectTo=%2Fadmin',
    });
    expect(decideAccess(findRouteAccess('/admin'), visitor, '/admin', '/admin?tab=1')).toEqual({
      action: 'redirect',
      to: '/sign-in?as=staff&redirectTo=%2Fadmin%3Ftab%3D1',
    });
    expect(decide(visitor, '/organization/staffs/role')).toEqual({
      action: 'redirect',
      to: '/sign-in?as=staff&redirectTo=%2Forganization%2Fstaffs%2Frole',
    });
  });

  it('lets visitors open guest and not-authenticated pages', () => {
    for (const path of ['/', '/sign-in', '/register', '/forgot-password', '/register-organization']) {
      expect(decide(visitor, path)).toEqual({ action: 'allow' });
    }
  });

  it('sends a signed-in user away from sign-in and register to their default home', () => {
    expect(decide(learner, '/sign-in')).toEqual({ action: 'redirect', to: '/' });
    expect(decide(educator, '/register')).toEqual({ action: 'redirect', to: '/organization' });
    expect(decide(staff, '/sign-in')).toEqual({ action: 'redirect', to: '/admin' });
  });

  it('sends an admin from guest pages and any other non-admin path to /admin', () => {
    expect(decide(superAdmin, '/')).toEqual({ action: 'redirect', to: '/admin' });
    expect(decide(staff, '/profile')).toEqual({ action: 'redirect', to: '/admin' });
    expect(decide(superAdmin, '/organization')).toEqual({ action: 'redirect', to: '/admin' });
    expect(decide(superAdmin, '/admin')).toEqual({ action: 'allow' });
  });

  it('keeps learners and educators out of the admin area', () => {
    expect(decide(learner, '/admin')).toEqual({ action: 'redirect', to: '/' });
    expect(decide(educator, '/admin/profile')).toEqual({ action: 'redirect', to: '/organization' });
  });

  it('opens the organization area to educators of an approved organization only', () => {
    expect(decide(educator, '/organization')).toEqual({ action: 'allow' });
    expect(decide(learner, '/organization')).toEqual({ action: 'redirect', to: '/' });
    expect(decide(pendingEducator, '/organization')).toEqual({ action: 'redirect', to: '/' });
    expect(decide(pendingEducator, '/')).toEqual({ action: 'allow' });
  });

  it("keeps the organization's orders for its owner, whatever a role holds", () => {
    const owner = signedIn({ scope: 'educator', organization: approvedOrganization, is_owner: true });
    expect(decide(owner, '/organization/transactions')).toEqual({ action: 'allow' });
    expect(decide(educator, '/organization/transactions')).toEqual({
      action: 'redirect',
      to: '/organization?forbidden=%2Forganization%2Ftransactions',
    });
    // The package page itself is every member's.
    expect(decide(educator, '/organization/package')).toEqual({ action: 'allow' });
  });

  it('checks page permissions, with is_admin passing all of them', () => {
    expect(decide(superAdmin, '/admin/staffs/role/create')).toEqual({ action: 'allow' });
    expect(decide(userManager, '/admin/staffs/list')).toEqual({ action: 'allow' });
    // The area's home learns which page was refused, to say so.
    expect(decide(userManager, '/admin/staffs/list/create')).toEqual({
      action: 'redirect',
      to: '/admin?forbidden=%2Fadmin%2Fstaffs%2Flist%2Fcreate',
    });
    expect(decide(staff, '/admin/staffs/list')).toEqual({
      action: 'redirect',
      to: '/admin?forbidden=%2Fadmin%2Fstaffs%2Flist',
    });
    expect(decide(staff, '/admin')).toEqual({ action: 'allow' });
  });

  it("guards the organization's staff and role pages by the role's permissions", () => {
    const owner = signedIn({
      scope: 'educator',
      organization: approvedOrganization,
      permissions: ['view_user', 'create_user', 'update_user', 'view_role', 'create_role', 'update_role'],
    });
    const viewer = signedIn({
      scope: 'educator',
      organization: approvedOrganization,
      permissions: ['view_user'],
    });
    for (const path of [
      '/organization/staffs/list',
      '/organization/staffs/list/create',
      '/organization/staffs/list/s1/edit',
      '/organization/staffs/list/s1/detail',
      '/organization/staffs/role',
      '/organization/staffs/role/create',
      '/organization/staffs/role/r1/edit',
    ]) {
      expect(decide(owner, path)).toEqual({ action: 'allow' });
    }
    expect(decide(viewer, '/organization/staffs/list')).toEqual({ action: 'allow' });
    expect(decide(viewer, '/organization/staffs/list/s1/detail')).toEqual({ action: 'allow' });
    expect(decide(viewer, '/organization/staffs/role')).toEqual({
      action: 'redirect',
      to: '/organization?forbidden=%2Forganization%2Fstaffs%2Frole',
    });
    expect(decide(viewer, '/organization/staffs/list/create')).toEqual({
      action: 'redirect',
      to: '/organization?forbidden=%2Forganization%2Fstaffs%2Flist%2Fcreate',
    });
    // Platform staff holding the permission still stay out of the portal, and vice versa.
    expect(decide(userManager, '/organization/staffs/list')).toEqual({ action: 'redirect', to: '/admin' });
    expect(decide(learner, '/organization/staffs/list')).toEqual({ action: 'redirect', to: '/' });
  });

  it('lets learners and educators use their account pages', () => {
    expect(decide(learner, '/profile')).toEqual({ action: 'allow' });
    expect(decide(educator, '/profile/change-password')).toEqual({ action: 'allow' });
    expect(decide(learner, '/')).toEqual({ action: 'allow' });
  });
});

describe('return paths', () => {
  it('accepts same-site paths only', () => {
    expect(isSafeReturnPath('/profile')).toBe(true);
    expect(isSafeReturnPath('//evil.example')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });

  it('leaves /sign-in bare for the home page', () => {
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath()).toBe('/sign-in');
    expect(signInPath('//evil.example')).toBe('/sign-in');
  });

  it('says why and opens the staff form when asked', () => {
    expect(signInPath(undefined, { staff: true, reason: 'expired' })).toBe(
      '/sign-in?as=staff&reason=expired',
    );
    expect(signInPath('/profile', { reason: 'expired' })).toBe(
      '/sign-in?reason=expired&redirectTo=%2Fprofile',
    );
    expect(signInPath('/organization/profile')).toBe(
      '/sign-in?as=staff&redirectTo=%2Forganization%2Fprofile',
    );
  });
});
