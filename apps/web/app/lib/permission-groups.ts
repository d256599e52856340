import { ORGANIZATION_PERMISSIONS, PERMISSIONS, type Permission } from '@prepwise/contract';
import { ROUTE_ACCESS } from './route-access';

export type PermissionAction = 'view' | 'create' | 'update' | 'delete';
export type PermissionScope = 'admin' | 'organization';

export interface PermissionGroup {
  /** `test`, `question_level`, `user` … */
  resource: string;
  permissions: { permission: Permission; action: PermissionAction }[];
}

const AREA_PREFIX: Record<PermissionScope, string> = { admin: '/admin', organization: '/organization' };

/**
 * Permissions that guard an action on a page rather than the page itself (the page, its pattern in
 * ROUTE_ACCESS): offered in a role editor of the page's area like the page guards.
 */
export const ACTION_ACCESS: ReadonlyArray<readonly [page: string, permission: Permission]> = [
  // The refund button of /admin/transactions (issue 16).
  ['/admin/transactions', 'update_transaction'],
  // The delete button of /admin/organization-packages.
  ['/admin/organization-packages', 'delete_package'],
  // The delete buttons of the vocabulary lists (issue 26).
  ['/admin/vocabulary/topic', 'delete_vocabulary'],
];

/**
 * The permissions that open a screen in a scope: those some page of that area is guarded by in
 * ROUTE_ACCESS (the one table of every page's guard). A role editor offers only these, so it never
 * offers a permission for a screen that does not exist there (issue 12 §1). The mapping follows the
 * pages as they are declared, e.g. today:
 * - admin: staff (`*_user`), roles (`*_role`), categories/exams (`*_category`, `create_part`,
 *   `update_part`), levels, question types, point configs, question bank (`*_question`), tests
 *   (`*_test`), learners (`view_student`, `update_student`), analytics (`view_analytics`); not
 *   `view_part` (no such page yet);
 * - organization: staff and roles; every other resource appears once its /organization page is
 *   declared with its guard (levels, categories, question types, point configs, students …).
 * In the organization scope the list is further limited to the portal's vocabulary
 * (ORGANIZATION_PERMISSIONS of the contract, the list the API accepts for an organization's role).
 */
export function permissionsWithScreens(scope: PermissionScope): Permission[] {
  const prefix = AREA_PREFIX[scope];
  const guarded = new Set<Permission>();
  const inArea = (pattern: string) => pattern === prefix || pattern.startsWith(`${prefix}/`);
  for (const [pattern, access] of ROUTE_ACCESS) {
    if (access.kind !== 'authenticated' || !access.permission) continue;
    if (inArea(pattern)) guarded.add(access.permission);
  }
  for (const [pattern, permission] of ACTION_ACCESS) {
    if (inArea(pattern) && ROUTE_ACCESS.some(([page]) => page === pattern)) guarded.add(permission);
  }
  const vocabulary: readonly Permission[] = scope === 'organization' ? ORGANIZATION_PERMISSIONS : PERMISSIONS;
  return vocabulary.filter((permission) => guarded.has(permission));
}

/** The permission vocabulary grouped by what it guards, in vocabulary order (`view_test` → test/view). */
export function groupPermissions(permissions: readonly string[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const match = /^(view|create|update|delete)_(.+)$/.exec(permission);
    if (!match || !(PERMISSIONS as readonly string[]).includes(permission)) continue;
    const [, action, resource] = match as unknown as [string, PermissionAction, string];
    let group = groups.get(resource);
    if (!group) {
      group = { resource, permissions: [] };
      groups.set(resource, group);
    }
    group.permissions.push({ permission: permission as Permission, action });
  }
  return [...groups.values()];
}

/** The groups a role editor of `scope` offers (see permissionsWithScreens). */
export function permissionGroupsFor(scope: PermissionScope): PermissionGroup[] {
  return groupPermissions(permissionsWithScreens(scope));
}
