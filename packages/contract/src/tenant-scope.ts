import { API_REALMS, WEB_PATHS } from './paths';

/**
 * Whose content a back-office page works on, and through which door (issue 27). One feature serves
 * every scope with the same pages and the same API services (decision 013):
 * - `platform`: the platform's own content, by the admin (`/admin`, `/api/admin`);
 * - `organization`: the caller's organization, through its portal (`/organization`, `/api/educator`);
 * - `managed-organization`: one organization, by the admin acting on it
 *   (`/admin/organization-management/list/{id}`, `/api/admin/organizations/{id}`).
 */
export type TenantScope =
  | { kind: 'platform' }
  | { kind: 'organization' }
  | { kind: 'managed-organization'; organizationId: string };

export type TenantScopeKind = TenantScope['kind'];

export const TENANT_SCOPE_KINDS = [
  'platform',
  'organization',
  'managed-organization',
] as const satisfies readonly TenantScopeKind[];

export const PLATFORM_TENANT: TenantScope = { kind: 'platform' };
export const ORGANIZATION_TENANT: TenantScope = { kind: 'organization' };

/** The web area a scope's pages sit in: the admin's (also when acting on one organization) or the portal. */
export function tenantScopeArea(scope: TenantScope): 'admin' | 'organization' {
  return scope.kind === 'organization' ? 'organization' : 'admin';
}

/** The API path of a scope below `/api`: `/admin`, `/educator` or `/admin/organizations/{id}`. */
export function tenantScopeApiPath(scope: TenantScope): string {
  switch (scope.kind) {
    case 'platform':
      return API_REALMS.admin.slice('/api'.length);
    case 'organization':
      return API_REALMS.educator.slice('/api'.length);
    case 'managed-organization':
      return `${API_REALMS.admin.slice('/api'.length)}/organizations/${encodeURIComponent(scope.organizationId)}`;
  }
}

/** The organization pages of the admin (seed-spec: /admin/organization-management/list/{id}). */
export const MANAGED_ORGANIZATION_WEB_PATH = `${WEB_PATHS.admin}/organization-management/list/:organizationId`;

/** The web path a scope's pages start with: `/admin`, `/organization` or the admin's organization page. */
export function tenantScopeWebPath(scope: TenantScope): string {
  switch (scope.kind) {
    case 'platform':
      return WEB_PATHS.admin;
    case 'organization':
      return WEB_PATHS.organization;
    case 'managed-organization':
      return MANAGED_ORGANIZATION_WEB_PATH.replace(
        ':organizationId',
        encodeURIComponent(scope.organizationId),
      );
  }
}
