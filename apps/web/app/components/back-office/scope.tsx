import { API_REALMS, type Permission } from '@prepwise/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * One feature, two scopes: a back-office feature (its pages, hooks and API calls) runs in the admin
 * area on the platform's content or in the organization portal on the caller's organization. The
 * scope says where: `api('/staffs')` is `/admin/staffs` or `/educator/staffs` (the API serves both
 * with the same schemas and services), `web('/staffs/list')` is `/admin/staffs/list` or
 * `/organization/staffs/list`, and `key` starts every TanStack Query key so the two never share a cache.
 */
export type BackOfficeArea = 'admin' | 'organization';

export interface BackOfficeScope {
  area: BackOfficeArea;
  /** The API realm's path below /api: `/admin` or `/educator`. */
  apiPrefix: '/admin' | '/educator';
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

function buildScope(area: BackOfficeArea): BackOfficeScope {
  const apiPrefix = area === 'admin' ? '/admin' : '/educator';
  const webPrefix = area === 'admin' ? '/admin' : '/organization';
  return {
    area,
    apiPrefix,
    webPrefix,
    api: (path) => `${apiPrefix}${path.startsWith('/') ? path : `/${path}`}`,
    web: (path = '') => (path === '' ? webPrefix : `${webPrefix}${path.startsWith('/') ? path : `/${path}`}`),
    key: [area] as const,
  };
}

export const ADMIN_SCOPE = buildScope('admin');
export const ORGANIZATION_SCOPE = buildScope('organization');

const ScopeContext = createContext<BackOfficeScope>(ADMIN_SCOPE);

export function BackOfficeScopeProvider({ area, children }: { area: BackOfficeArea; children: ReactNode }) {
  const scope = useMemo(() => (area === 'admin' ? ADMIN_SCOPE : ORGANIZATION_SCOPE), [area]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** Renders a feature inside another scope (e.g. the admin's view of one organization's staff). */
export function NestedScopeProvider({ scope, children }: { scope: BackOfficeScope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** The scope of the back-office page being rendered (the admin's outside a provider). */
export function useBackOfficeScope(): BackOfficeScope {
  return useContext(ScopeContext);
}

/** The API realm prefixes in full (with /api), for code that builds absolute URLs. */
export const SCOPE_API_BASE = { admin: API_REALMS.admin, organization: API_REALMS.educator } as const;
