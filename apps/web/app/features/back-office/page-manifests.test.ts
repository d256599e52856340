import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { ROUTES_FILE, withBackOfficeRoutes } from '../../../scripts/back-office-routes';
import { BACK_OFFICE_PAGES, managedOrganizationPagePath, PAGE_MANIFESTS } from '../../lib/back-office-pages';
import { findRouteAccess, ROUTE_ACCESS } from '../../lib/route-access';
import routes from '../../routes';
import { ADMIN_MENU, MENU_GROUPS, ORGANIZATION_MENU } from './menus';

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every route of routes.ts with its full path, module and id. */
function declaredRoutes() {
  const found: { path: string; file: string; id?: string }[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.index ? '' : (entry.path ?? '');
      const full = own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
      found.push({ path: full || '/', file: entry.file, id: entry.id });
      if (entry.children) walk(entry.children, full || '/');
    }
  };
  walk(routes, '');
  return found;
}

/** A path the pattern matches (`:id` → `x-id`). */
const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, 'x-$1');
/** Two patterns that match the same paths have the same shape, whatever their parameters' names. */
const shape = (pattern: string) => pattern.replace(/:\w+/g, ':');

describe('page manifests (issue 27)', () => {
  it('are what routes.ts declares (run `node --import tsx apps/web/scripts/back-office-routes.ts`)', () => {
    const source = readFileSync(ROUTES_FILE, 'utf8');
    expect(withBackOfficeRoutes(source)).toBe(source);
  });

  it('give every page a route with its module and its own id', () => {
    const declared = declaredRoutes();
    for (const page of BACK_OFFICE_PAGES) {
      expect(
        declared.filter((route) => route.id === page.routeId),
        page.routeId,
      ).toEqual([{ path: page.pattern, file: page.file, id: page.routeId }]);
      expect(existsSync(path.join(appDir, page.file)), page.file).toBe(true);
    }
    const ids = declared.map((route) => route.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leave no back-office route undeclared', () => {
    const backOffice = declaredRoutes().filter(
      (route) => /^\/(admin|organization)(\/|$)/.test(route.path) && !route.file.endsWith('-layout.tsx'),
    );
    expect(backOffice.map((route) => route.id).sort()).toEqual(
      BACK_OFFICE_PAGES.map((page) => page.routeId).sort(),
    );
  });

  it('give every page its guard: its area, its permission, the owner check', () => {
    for (const page of BACK_OFFICE_PAGES) {
      const access = {
        kind: 'authenticated',
        area: page.area,
        ...(page.permission ? { permission: page.permission } : {}),
        ...(page.owner ? { owner: true } : {}),
      };
      expect(
        ROUTE_ACCESS.filter(([pattern]) => pattern === page.pattern),
        page.pattern,
      ).toEqual([[page.pattern, access]]);
      // …and the guard finds it for a path of the page, ahead of any other pattern.
      expect(findRouteAccess(concrete(page.pattern)), page.pattern).toEqual(access);
    }
  });

  it('put every page with a menu entry in its area’s menu, with its guard’s permission', () => {
    const menus = { admin: ADMIN_MENU, organization: ORGANIZATION_MENU };
    for (const page of BACK_OFFICE_PAGES.filter((candidate) => candidate.menu)) {
      const items = menus[page.area].flatMap((section) => section.items);
      expect(
        items.filter((item) => item.to === page.pattern),
        page.pattern,
      ).toEqual([
        expect.objectContaining({
          labelKey: page.menu?.labelKey,
          permission: page.permission ?? '',
          ...(page.owner ? { ownerOnly: true } : {}),
        }),
      ]);
    }
    // Nothing else is in the menus, and every group an entry names has its section.
    for (const area of ['admin', 'organization'] as const) {
      const entries = BACK_OFFICE_PAGES.filter((page) => page.area === area && page.menu);
      expect(menus[area].flatMap((section) => section.items)).toHaveLength(entries.length);
      const groups = MENU_GROUPS[area].map((section) => section.group);
      for (const page of entries) expect(groups, page.routeId).toContain(page.menu?.group);
      // One position per entry in a group, so that the order is the manifests' and not chance.
      const positions = entries.map((page) => `${page.menu?.group}/${page.menu?.order}`);
      expect(new Set(positions).size).toBe(positions.length);
    }
  });

  it('never let two pages claim one path', () => {
    const shapes = BACK_OFFICE_PAGES.map((page) => shape(page.pattern));
    expect(shapes.filter((value, index) => shapes.indexOf(value) !== index)).toEqual([]);
    // Nor a back-office page a path of the site's own pages.
    const site = ROUTE_ACCESS.filter(([pattern]) => !/^\/(admin|organization)(\/|$)/.test(pattern));
    for (const [pattern] of site) expect(shapes).not.toContain(shape(pattern));
  });

  it('sit in their feature’s folder, each feature’s manifest listed once', () => {
    const featuresDir = path.join(appDir, 'features');
    const onDisk = readdirSync(featuresDir).filter((feature) =>
      existsSync(path.join(featuresDir, feature, 'pages.ts')),
    );
    expect(PAGE_MANIFESTS.map((manifest) => manifest.feature).sort()).toEqual(onDisk.sort());
    for (const manifest of PAGE_MANIFESTS) {
      const ids = manifest.pages.map((page) => page.id);
      expect(new Set(ids).size, manifest.feature).toBe(ids.length);
    }
  });

  it("find a feature's page in the scope of one organization", () => {
    expect(managedOrganizationPagePath('o1', '/staffs/list/create')).toBe(
      '/admin/organization-management/list/o1/staff/create',
    );
    expect(managedOrganizationPagePath('o1', '/staffs/list/s1/edit?from=list')).toBe(
      '/admin/organization-management/list/o1/staff/s1/edit?from=list',
    );
    expect(managedOrganizationPagePath('o1', '/students/u1')).toBe(
      '/admin/organization-management/list/o1/u1',
    );
    // The staff list is no page of its own there (a tab of the organization's page), nor are roles.
    expect(managedOrganizationPagePath('o1', '/staffs/list')).toBeUndefined();
    expect(managedOrganizationPagePath('o1', '/staffs/role')).toBeUndefined();
  });
});
