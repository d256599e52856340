import { isOrganizationPermission, ORGANIZATION_PERMISSIONS, type Scope } from '@prepwise/contract';

/**
 * The permissions an account holds: an organization's owner every permission of the portal, another
 * educator their role's within the portal's vocabulary, everyone else their role's.
 */
export function permissionsOf(account: {
  id: string;
  scope: Scope;
  permissions: string[] | null;
  organizationOwnerId: string | null;
}): string[] {
  if (account.scope !== 'educator') return account.permissions ?? [];
  if (account.organizationOwnerId === account.id) return [...ORGANIZATION_PERMISSIONS];
  return (account.permissions ?? []).filter(isOrganizationPermission);
}
