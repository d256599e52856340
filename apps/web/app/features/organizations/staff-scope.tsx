import { type ReactNode, useMemo } from 'react';
import { type BackOfficeScope, BackOfficeScopeProvider, scopeFor } from '../../components/back-office/scope';
import { managedOrganizationPagePath } from '../../lib/back-office-pages';
import { ORGANIZATION_PATHS } from './paths';

/**
 * The staff pages of features/admin-accounts in the scope of one organization managed by the admin:
 * their API calls go to /admin/organizations/{id}/… (the same staff service with the organization as
 * tenant), their pages are those the staff manifest declares there (/admin/organization-management/
 * list/{id}/staff/…), their list is the organization's staff tab, and their permission checks are the
 * admin's organization permissions.
 */
export function organizationStaffScope(organizationId: string): BackOfficeScope {
  const scope = scopeFor({ kind: 'managed-organization', organizationId });
  const staffTab = ORGANIZATION_PATHS.detail(organizationId, 'staff');
  return {
    ...scope,
    web: (path = '') =>
      path === '' || path === '/staffs/list'
        ? staffTab
        : (managedOrganizationPagePath(organizationId, path) ?? scope.web(path)),
    permissions: {
      view_user: 'view_educator',
      create_user: 'create_educator',
      update_user: 'create_educator',
      view_role: 'view_educator',
    },
  };
}

export function OrganizationStaffScope({
  organizationId,
  children,
}: {
  organizationId: string;
  children: ReactNode;
}) {
  const scope = useMemo(() => organizationStaffScope(organizationId), [organizationId]);
  return <BackOfficeScopeProvider scope={scope}>{children}</BackOfficeScopeProvider>;
}
