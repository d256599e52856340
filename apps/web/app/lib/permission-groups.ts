import { PERMISSIONS, type Permission } from '@prepwise/contract';

export type PermissionAction = 'view' | 'create' | 'update';

export interface PermissionGroup {
  /** `test`, `question_level`, `user` … */
  resource: string;
  permissions: { permission: Permission; action: PermissionAction }[];
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
