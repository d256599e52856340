import {
  API_REALMS,
  ORGANIZATION_TENANT,
  type Permission,
  PLATFORM_TENANT,
  type TenantScope,
  tenantScopeApiPath,
  tenantScopeArea,
  tenantScopeWebPath,
} from '@prepwise/contract';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * One feature, several scopes (decision 013, issue 27): a back-office feature (its pages, hooks and API
 * calls) runs on the platform's content in the admin area, on the caller's organization in its portal,
 * or on one organization by the admin — the contract's `TenantScope`. `scopeFor(tenant)` says where:
 * `api('/staffs')` is `/admin/staffs`, `/educator/staffs` or `/admin/organizations/{id}/staffs` (the API
 * serves all of them with the same schemas and services), `web('/staffs/list')` the page in that area
 * (`web()` the scope's home), and `key` starts every TanStack Query key so that no two scopes share a
 * cache. A feature that has pages of its own on one organization maps its paths to them itself
 * (`organizationStaffScope`, with `managedOrganizationPagePath` of the page manifests): this module stays
 * free of the manifests, as learner pages use it too.
 */
export type BackOfficeArea = 'admin' | 'organization';

export interface BackOfficeScope {
  /** Whose content the pages work on, and through which area. */
  tenant: TenantScope;
  /** The web area the pages sit in: the admin's (also on one organization) or the portal. */
  area: BackOfficeArea;
  /** The scope's API path below /api: `/admin`, `/educator` or `/admin/organizations/{id}`. */
  apiPrefix: string;
  /** The web area's path: `/admin` or `/organization`. */
  webPrefix: '/admin' | '/organization';
  api: (path: string) => string;
  web: (path?: string) => string;
  key: readonly [BackOfficeArea, ...string[]];
  /**
   * The permission that stands for a feature's own one in this scope. The admin managing one
   * organization's staff (/admin/organization-management/{id}/staff/…) is checked on `view_educator`
   * and `create_educator`, not on the platform's `view_user` / `create_user`.
   */
  permissions?: Partial<Record<Permission, Permission>>;
}

const slashed = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/** The scope of a feature's pages and API calls for one `TenantScope`. */
export function scopeFor(tenant: TenantScope): BackOfficeScope {
  const area = tenantScopeArea(tenant);
  const apiPrefix = tenantScopeApiPath(tenant);
  const webPrefix = area === 'admin' ? '/admin' : '/organization';
  const inArea = (path: string) => `${webPrefix}${slashed(path)}`;
  const home = tenantScopeWebPath(tenant);
  return {
    tenant,
    area,
    apiPrefix,
    webPrefix,
    api: (path) => `${apiPrefix}${slashed(path)}`,
    web: (path = '') => (path === '' ? home : inArea(path)),
    key: tenant.kind === 'managed-organization' ? ['admin', 'organization', tenant.organizationId] : [area],
  };
}

export const ADMIN_SCOPE = scopeFor(PLATFORM_TENANT);
export const ORGANIZATION_SCOPE = scopeFor(ORGANIZATION_TENANT);

const ScopeContext = createContext<BackOfficeScope>(ADMIN_SCOPE);

/**
 * Renders a feature in a scope: the area's (BackOfficeLayout), or another one inside it (the admin's
 * pages of one organization's staff, `OrganizationStaffScope`). Pass a constant or a memoized scope.
 */
export function BackOfficeScopeProvider({
  scope,
  children,
}: {
  scope: BackOfficeScope;
  children: ReactNode;
}) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** The scope of the back-office page being rendered (the admin's outside a provider). */
export function useBackOfficeScope(): BackOfficeScope {
  return useContext(ScopeContext);
}

/** The API realm prefixes in full (with /api), for code that builds absolute URLs. */
export const SCOPE_API_BASE = { admin: API_REALMS.admin, organization: API_REALMS.educator } as const;
