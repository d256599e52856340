import type { Permission } from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';
import { type Guard, requireAuth, requireEducator, requireOrganizationId } from '../plugins/auth';

/**
 * The two back offices that share route definitions: `/api/admin/*` works on the platform's rows,
 * `/api/educator/*` on the caller's organization's. A route plugin taking `RealmOptions` is registered
 * once per realm (app.ts) and never copied.
 */
export type BackOfficeRealm = 'admin' | 'educator';

export interface RealmOptions {
  /** Absent: `admin` (the plugin registered as before). */
  realm?: BackOfficeRealm;
}

export const realmOf = (options: RealmOptions | undefined): BackOfficeRealm => options?.realm ?? 'admin';

/** The route's guard in the realm: staff tokens for admin, an approved organization's educator otherwise. */
export function realmGuard(
  realm: BackOfficeRealm,
  permission: Permission | readonly Permission[] | undefined,
): Guard {
  return realm === 'admin'
    ? requireAuth({ strategies: ['admin'], permission })
    : requireEducator({ permission });
}

/** Whose rows the request works on: the platform (admin) or the caller's organization (educator). */
export function realmTenant(
  realm: BackOfficeRealm,
  request: FastifyRequest,
): { organizationId: string | null } {
  return realm === 'admin' ? { organizationId: null } : { organizationId: requireOrganizationId(request) };
}
