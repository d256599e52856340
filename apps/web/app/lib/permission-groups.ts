import { PERMISSIONS, type Permission } from '@prepwise/contract';
import { ROUTE_ACCESS } from './route-access';

export type PermissionAction = 'view' | 'create' | 'update';
export type PermissionScope = 'admin' | 'organization';

export interface PermissionGroup {
  /** `test`, `question_level`, `user` … */
  resource: string;
  permissions: { permission: Permission; action: PermissionAction }[];
}

/**
 * The permissions an organization's role may hold (the organization-portal vocabulary of issue 12
 * §3; the API keeps the same list as `ORGANIZATION_PERMISSIONS` in the contract). `view_part`,
 * `create_part`, `update_part`, `view_educator` and `create_educator` are the platform's only.
 */
export const ORGANIZATION_VOCABULARY: readonly Permission[] = [
  'view_user',
  'create_user',
  'update_user',
  'view_role',
  'create_role',
  'update_role',
  'view_category',
  'create_category',
  'update_category',
  'view_question_level',
  'create_question_level',
  'update_question_level',
  'view_question_type',
  'create_question_type',
  'update_question_type',
  'view_point_config',
  'create_point_config',
  'update_point_config',
  'view_student',
  'update_student',
  'view_analytics',
  'view_question',
  'create_question',
  'update_question',
  'view_test',
  'create_test',
  'update_test',
];

const AREA_PREFIX: Record<PermissionScope, string> = { admin: '/admin', organization: '/organization' };

/**
 * The permissions that open a screen in a scope: those some page of that area is guarded by in
 * ROUTE_ACCESS (the one table of every page's guard). A role editor offers only these, so it never
 * offers a permission for a screen that does not exist there (issue 12 §1). The mapping follows the
 * pages as they are declared, e.g. today:
 * - admin: staff (`*_user`), roles (`*_role`), categories/exams (`*_category`, `create_part`,
 *   `update_part`), levels, question types, point configs, question bank (`*_question`), tests
 *   (`*_test`), a student's result (`view_student`); not `view_part`, `update_student`,
 *   `view_analytics` (no such page yet);
 * - organization: staff and roles; every other resource appears once its /organization page is
 *   declared with its guard (levels, categories, question types, point configs, students …).
 * In the organization scope the list is further limited to ORGANIZATION_VOCABULARY.
 */
export function permissionsWithScreens(scope: PermissionScope): Permission[] {
  const prefix = AREA_PREFIX[scope];
  const guarded = new Set<Permission>();
  for (const [pattern, access] of ROUTE_ACCESS) {
    if (access.kind !== 'authenticated' || !access.permission) continue;
    if (pattern === prefix || pattern.startsWith(`${prefix}/`)) guarded.add(access.permission);
  }
  const vocabulary: readonly Permission[] = scope === 'organization' ? ORGANIZATION_VOCABULARY : PERMISSIONS;
  return vocabulary.filter((permission) => guarded.has(permission));
}

/** The permission vocabulary grouped by what it guards, in vocabulary order (`view_test` → test/view). */
export function groupPermissions(permissions: readonly string[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const match = /^(view|create|update)_(.+)$/.exec(permission);
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
