import {
  ADMIN_ACCOUNT_KEYS,
  isOrganizationPermission,
  type Page,
  ROLE_KEYS,
  type Role,
} from '@prepwise/contract';
import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';

/** Roles belong to the platform (organizationId null) or to one organization; every call names which. */
export interface Tenant {
  organizationId: string | null;
}

const inTenant = (tenant: Tenant) =>
  tenant.organizationId ? eq(roles.organizationId, tenant.organizationId) : isNull(roles.organizationId);

// Table names spelled out: inside a one-table select Drizzle leaves column names unqualified.
const staffCount = sql<number>`(select count(*)::int from "users" as "holders" where "holders"."role_id" = "roles"."id")`;

function toRole(row: typeof roles.$inferSelect & { staffCount: number }): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    staff_count: Number(row.staffCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listRoles(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string },
): Promise<Page<Role>> {
  const where = and(inTenant(tenant), query.search ? ilike(roles.name, `%${query.search}%`) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, staffCount })
      .from(roles)
      .where(where)
      .orderBy(asc(roles.name))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return {
    items: rows.map((row) => toRole({ ...row.role, staffCount: row.staffCount })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function getRole(db: Db, tenant: Tenant, id: string): Promise<Role> {
  const [row] = await db
    .select({ role: roles, staffCount })
    .from(roles)
    .where(and(eq(roles.id, id), inTenant(tenant)));
  if (!row) throw notFound('Role not found');
  return toRole({ ...row.role, staffCount: row.staffCount });
}

async function assertNameFree(db: Db, tenant: Tenant, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inTenant(tenant), sql`lower(${roles.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) {
    throw conflict('A role with this name exists', { name: ADMIN_ACCOUNT_KEYS.roleNameTaken });
  }
}

/** An organization's role holds only permissions of the organization portal. */
function assertPermissionsInTenant(tenant: Tenant, permissions: string[]) {
  if (tenant.organizationId && !permissions.every(isOrganizationPermission)) {
    throw validationFailed({ permissions: ROLE_KEYS.permissionOutsidePortal });
  }
}

/**
 * The permissions a caller may hand out: everything for the platform's super admin, an organization's
 * owner and the platform acting on an organization (`undefined`); otherwise only what they hold, so a
 * manager who may edit staff or roles cannot raise anyone (themselves included) above their own rights.
 */
export type GrantLimit = readonly string[] | undefined;

export function assertWithinGrant(permissions: readonly string[], limit: GrantLimit, field: string) {
  if (limit && permissions.some((permission) => !limit.includes(permission))) {
    throw validationFailed({ [field]: ADMIN_ACCOUNT_KEYS.roleBeyondOwn });
  }
}

export async function createRole(
  db: Db,
  tenant: Tenant,
  body: { name: string; description: string | null; permissions: string[] },
  limit?: GrantLimit,
): Promise<Role> {
  assertPermissionsInTenant(tenant, body.permissions);
  assertWithinGrant(body.permissions, limit, 'permissions');
  await assertNameFree(db, tenant, body.name);
  const [row] = await db
    .insert(roles)
    .values({ ...body, organizationId: tenant.organizationId })
    .returning({ id: roles.id });
  return getRole(db, tenant, row!.id);
}

export async function updateRole(
  db: Db,
  tenant: Tenant,
  id: string,
  body: { name: string; description: string | null; permissions: string[] },
  now: Date,
  limit?: GrantLimit,
): Promise<Role> {
  const current = await getRole(db, tenant, id);
  assertPermissionsInTenant(tenant, body.permissions);
  // What the role has already stays; what is added must be the editor's own to give.
  const added = body.permissions.filter((permission) => !current.permissions.includes(permission));
  assertWithinGrant(added, limit, 'permissions');
  await assertNameFree(db, tenant, body.name, id);
  await db
    .update(roles)
    .set({ ...body, updatedAt: now })
    .where(and(eq(roles.id, id), inTenant(tenant)));
  return getRole(db, tenant, id);
}

/** Refused while any account holds the role, so nobody silently loses their permissions. */
export async function deleteRole(db: Db, tenant: Tenant, id: string): Promise<void> {
  const role = await getRole(db, tenant, id);
  if (role.staff_count > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `The role is held by ${role.staff_count} account(s); move them to another role first`,
    );
  }
  await db.delete(roles).where(and(eq(roles.id, id), inTenant(tenant)));
}
