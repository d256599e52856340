import { hasPermission, type Permission } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { useSessionUser } from '../lib/session';
import { useBackOfficeScope } from './back-office/scope';

/**
 * Seed-spec §6 permission directive: is_admin passes; otherwise `true` or an empty value means
 * any signed-in user of the area, `false` nobody, a string or number that permission of the role.
 */
export type PermissionRequirement = string | number | boolean | null | undefined;

export function allows(
  user: { is_admin: boolean; permissions: readonly string[] } | null,
  requirement: PermissionRequirement,
): boolean {
  const required = typeof requirement === 'number' ? String(requirement) : (requirement ?? undefined);
  return hasPermission(user, required);
}

/** Whether the signed-in user holds the permission (as the current back-office scope names it). */
export function usePermission(requirement: PermissionRequirement): boolean {
  const aliases = useBackOfficeScope().permissions;
  const aliased =
    typeof requirement === 'string' && aliases
      ? (aliases[requirement as Permission] ?? requirement)
      : requirement;
  return allows(useSessionUser(), aliased);
}

/** Renders its children only for a user who holds `permission` (nothing otherwise, not even a hole). */
export function PermissionGate({
  permission,
  children,
  fallback = null,
}: {
  permission: PermissionRequirement;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(permission) ? children : fallback;
}
