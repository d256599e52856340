import {
  MANAGED_ORGANIZATION_WEB_PATH,
  type Permission,
  TENANT_SCOPE_KINDS,
  type TenantScopeKind,
  WEB_PATHS,
} from '@prepwise/contract';

/*
 * Page manifests (issue 27): each feature declares its back-office pages once, in
 * `features/<feature>/pages.ts` — path, route module, permission, menu entry and the scopes the page
 * exists in. The route table (the generated part of routes.ts), the route guards (route-access.ts)
 * and the menus (features/back-office/menus.ts) are all derived from them, so a new back-office page
 * is one entry in one file.
 *
 * Manifests are plain data (`export const pages: PageManifest = { … }`): routes.ts is generated from
 * them by a Node script and the guard reads them on every request, so they import nothing but this
 * module's types and the contract's (dependency-cruiser: web-page-manifests-are-data).
 */

/** The icons a menu entry may name; features/back-office/menus.ts maps each to its component. */
export type MenuIcon =
  | 'book'
  | 'building'
  | 'cards'
  | 'chart'
  | 'clipboard-check'
  | 'dashboard'
  | 'key'
  | 'pen'
  | 'shield'
  | 'sparkles'
  | 'user'
  | 'users'
  | 'wallet';

/** The sections of the back-office menus; their order and titles per area are in menus.ts. */
export type MenuGroup =
  | 'home'
  | 'content'
  | 'site'
  | 'vocabulary'
  | 'learners'
  | 'accounts'
  | 'organizations'
  | 'payments'
  | 'my-account';

export interface MenuEntry {
  group: MenuGroup;
  /** Key in the `admin` namespace, or `namespace:key`. */
  labelKey: string;
  icon: MenuIcon;
  /** Position in its group (ascending); per scope when the two areas order the group differently. */
  order: number | Partial<Record<TenantScopeKind, number>>;
  /** Active only on this exact path (not on the pages below it). */
  end?: true;
}

interface PageFields {
  /**
   * Below the scope's base, in React Router syntax; `''` is the area's home. In the
   * `managed-organization` scope the base is the admin's page of that organization
   * (`/admin/organization-management/list/:organizationId`).
   */
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** The permission that opens the page (is_admin passes); none: any user of the area. */
  permission?: Permission;
  /** Only the organization's owner (its orders and money), whatever a role holds. */
  owner?: true;
  /** The page's menu entry, in the areas' sidebars (never in the managed-organization scope). */
  menu?: MenuEntry;
}

/** What a page changes in one scope (another path, module or permission, no menu entry …). */
export type ScopeOverride = Partial<Omit<PageFields, 'menu'>> & { menu?: MenuEntry | false };

export interface PageDeclaration extends PageFields {
  /** Unique within the feature; the route ids are `{scope}/{feature}/{id}`. */
  id: string;
  /** The scopes the page exists in, with what differs in each. */
  scopes: readonly TenantScopeKind[] | { readonly [K in TenantScopeKind]?: true | ScopeOverride };
}

export interface PageManifest {
  /** The feature folder (`features/<feature>/pages.ts`). */
  feature: string;
  pages: readonly PageDeclaration[];
}

export type BackOfficeArea = 'admin' | 'organization';

/** One page in one scope: a route below its area's layout, its guard and its menu entry. */
export interface ScopedPage {
  feature: string;
  id: string;
  scope: TenantScopeKind;
  area: BackOfficeArea;
  routeId: string;
  /** The route's path below its area's layout route (`''`: the layout's index route). */
  routePath: string;
  /** The page's path in the declaration (below `/admin` or `/organization`), whatever the scope. */
  featurePath: string;
  /** The full path pattern, as the guard and the menus use it (`/admin/level/:id/edit`). */
  pattern: string;
  file: string;
  permission?: Permission;
  owner?: true;
  menu?: MenuEntry & { order: number };
}

/** The areas' layout routes, below which every back-office page is declared. */
export const AREA_LAYOUTS: Record<BackOfficeArea, { path: string; file: string }> = {
  admin: { path: WEB_PATHS.admin.slice(1), file: 'routes/admin/admin-layout.tsx' },
  organization: {
    path: WEB_PATHS.organization.slice(1),
    file: 'routes/organization/organization-layout.tsx',
  },
};

const SCOPE_ROUTES: Record<TenantScopeKind, { area: BackOfficeArea; prefix: string }> = {
  platform: { area: 'admin', prefix: '' },
  organization: { area: 'organization', prefix: '' },
  'managed-organization': {
    area: 'admin',
    prefix: MANAGED_ORGANIZATION_WEB_PATH.slice(WEB_PATHS.admin.length + 1),
  },
};

const join = (...parts: string[]) => parts.filter(Boolean).join('/');

/** The scopes a page exists in, with what differs in each, in the order of TENANT_SCOPE_KINDS. */
function scopesOf(page: PageDeclaration): [TenantScopeKind, ScopeOverride][] {
  const declared = page.scopes;
  const list = Array.isArray(declared) ? (declared as readonly TenantScopeKind[]) : null;
  return TENANT_SCOPE_KINDS.flatMap((kind): [TenantScopeKind, ScopeOverride][] => {
    const value = list
      ? list.includes(kind) || undefined
      : (declared as Exclude<PageDeclaration['scopes'], readonly TenantScopeKind[]>)[kind];
    if (value === undefined) return [];
    return [[kind, value === true ? {} : value]];
  });
}

/** Every page of the manifests in every scope it exists in, in manifest order. */
export function expandPages(manifests: readonly PageManifest[]): ScopedPage[] {
  const pages: ScopedPage[] = [];
  for (const manifest of manifests) {
    for (const page of manifest.pages) {
      for (const [scope, override] of scopesOf(page)) {
        const { area, prefix } = SCOPE_ROUTES[scope];
        const path = override.path ?? page.path;
        const routePath = join(prefix, path);
        const menu =
          override.menu === false || scope === 'managed-organization'
            ? undefined
            : (override.menu ?? page.menu);
        const order = menu && (typeof menu.order === 'number' ? menu.order : menu.order[scope]);
        if (menu && order === undefined) {
          throw new Error(
            `${manifest.feature}/${page.id}: its menu entry has no order in the ${scope} scope`,
          );
        }
        const permission = override.permission ?? page.permission;
        const owner = override.owner ?? page.owner;
        pages.push({
          feature: manifest.feature,
          id: page.id,
          scope,
          area,
          routeId: `${scope}/${manifest.feature}/${page.id}`,
          routePath,
          featurePath: page.path,
          pattern: routePath ? `/${join(AREA_LAYOUTS[area].path, routePath)}` : `/${AREA_LAYOUTS[area].path}`,
          file: override.file ?? page.file,
          ...(permission ? { permission } : {}),
          ...(owner ? { owner } : {}),
          ...(menu && order !== undefined ? { menu: { ...menu, order } } : {}),
        });
      }
    }
  }
  return pages;
}
