import { type ReactNode, useMemo } from 'react';
import { ADMIN_SCOPE, type BackOfficeScope, NestedScopeProvider } from '../../components/back-office/scope';
import { ORGANIZATION_PATHS } from './paths';

/**
 * The staff pages of features/admin-accounts, pointed at one organization: their API calls go to
 * /admin/organizations/{id}/… (the same staff service with the organization as tenant), their links to
 * /admin/organization-management/list/{id}/staff/…, their list back to the organization's staff tab,
 * and their permission checks to the admin's organization permissions.
 */
export function organizationStaffScope(organizationId: string): BackOfficeScope {
  const staffBase = ORGANIZATION_PATHS.staff(organizationId);
  return {
    ...ADMIN_SCOPE,
    api: (path) => `/admin/organizations/${organizationId}${path.startsWith('/') ? path : `/${path}`}`,
    web: (path = '') => {
      if (path === '/staffs/list' || path === '') return ORGANIZATION_PATHS.detail(organizationId, 'staff');
      if (path.startsWith('/staffs/list/')) return `${staffBase}/${path.slice('/staffs/list/'.length)}`;
      return ADMIN_SCOPE.web(path);
    },
    key: ['admin', 'organization', organizationId],
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
  return <NestedScopeProvider scope={scope}>{children}</NestedScopeProvider>;
}
