import { ADMIN_ACCOUNT_KEYS, ORGANIZATION_PERMISSIONS, type Page, type Staff } from '@prepwise/contract';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, roles, users } from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { forgetRecentSessions } from '../../lib/session-cache';
import { assertAcceptablePassword, revokeUserSessions } from '../auth/auth.service';
import { assertStaffSlot } from '../organization-packages/packages.service';
import { assertWithinGrant, type GrantLimit, getRole, type Tenant } from './roles.service';

/** Platform staff are admin-scope accounts; organization staff are educators of one organization. */
const staffOf = (tenant: Tenant) =>
  tenant.organizationId
    ? and(eq(users.scope, 'educator'), eq(users.organizationId, tenant.organizationId))
    : eq(users.scope, 'admin');

const columns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  status: users.status,
  isAdmin: users.isAdmin,
  roleId: roles.id,
  roleName: roles.name,
  permissions: roles.permissions,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  ownerId: organizations.ownerId,
};

/** Staff rows with their role and (for organization staff) whether they own the organization. */
const selectStaff = (db: Db) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId));

type StaffRow = {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  status: Staff['status'];
  isAdmin: boolean;
  roleId: string | null;
  roleName: string | null;
  permissions: string[] | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  ownerId: string | null;
};

function toStaff(row: StaffRow): Staff {
  const isOwner = row.ownerId !== null && row.ownerId === row.id;
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    phone: row.phone,
    status: row.status,
    is_admin: row.isAdmin,
    is_owner: isOwner,
    role: row.roleId && row.roleName ? { id: row.roleId, name: row.roleName } : null,
    // What the account holds: the owner every permission of the portal, whatever their role says.
    permissions: isOwner ? [...ORGANIZATION_PERMISSIONS] : (row.permissions ?? []),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listStaff(
  db: Db,
  tenant: Tenant,
  query: { page: number; pageSize: number; search?: string; role_id?: string; status?: Staff['status'] },
): Promise<Page<Staff>> {
  const where = and(
    staffOf(tenant),
    query.search
      ? or(ilike(users.fullName, `%${query.search}%`), ilike(users.email, `%${query.search}%`))
      : undefined,
    query.role_id ? eq(users.roleId, query.role_id) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectStaff(db)
      .where(where)
      .orderBy(asc(users.fullName), asc(users.email))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(toStaff),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function getStaff(db: Db, tenant: Tenant, id: string): Promise<Staff> {
  const [row] = await selectStaff(db).where(and(eq(users.id, id), staffOf(tenant)));
  if (!row) throw notFound('Staff member not found');
  return toStaff(row);
}

async function assertRoleAssignable(db: Db, tenant: Tenant, roleId: string, limit: GrantLimit) {
  let role: Awaited<ReturnType<typeof getRole>>;
  try {
    role = await getRole(db, tenant, roleId);
  } catch {
    throw validationFailed({ role_id: 'common.invalid_field' });
  }
  assertWithinGrant(role.permissions, limit, 'role_id');
}

export async function createStaff(
  db: Db,
  tenant: Tenant,
  body: { full_name: string; email: string; phone?: string | null; role_id: string; password: string },
  now: Date,
  limit?: GrantLimit,
): Promise<Staff> {
  await assertRoleAssignable(db, tenant, body.role_id, limit);
  assertAcceptablePassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const organizationId = tenant.organizationId;
  const [row] = await db.transaction(async (tx) => {
    // An organization's staff accounts stay within its package (the platform's are unlimited).
    if (organizationId) await assertStaffSlot(tx, organizationId, now);
    return tx
      .insert(users)
      .values({
        email: body.email,
        fullName: body.full_name,
        phone: body.phone ?? null,
        passwordHash,
        roleId: body.role_id,
        scope: tenant.organizationId ? 'educator' : 'admin',
        organizationId: tenant.organizationId,
        status: 'active',
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
  });
  if (!row) throw conflict('An account with this email exists', { email: ADMIN_ACCOUNT_KEYS.emailTaken });
  return getStaff(db, tenant, row.id);
}

export async function updateStaff(
  db: Db,
  tenant: Tenant,
  actor: { id: string; isAdmin: boolean; isOwner?: boolean },
  id: string,
  body: { full_name: string; phone?: string | null; role_id: string | null; status: 'active' | 'disabled' },
  now: Date,
  limit?: GrantLimit,
): Promise<Staff> {
  const current = await getStaff(db, tenant, id);
  if (current.is_admin && !actor.isAdmin) {
    throw new AppError(403, 'FORBIDDEN', 'Only a super admin may change a super admin');
  }
  if (current.is_owner && current.id !== actor.id && !actor.isAdmin) {
    throw new AppError(403, 'FORBIDDEN', "Only the organization's owner may change the owner's account");
  }
  // In an organization, only the owner hands out roles to themselves: a manager who may edit staff
  // cannot give themselves a stronger role.
  if (
    tenant.organizationId &&
    id === actor.id &&
    !actor.isOwner &&
    body.role_id !== (current.role?.id ?? null)
  ) {
    throw new AppError(403, 'FORBIDDEN', 'Only the owner may change your role');
  }
  if (id === actor.id && body.status === 'disabled') {
    throw validationFailed({ status: ADMIN_ACCOUNT_KEYS.cannotDisableSelf });
  }
  if (body.role_id) {
    // Keeping a role someone already has is always allowed; handing out a new one needs the rights it carries.
    const changed = body.role_id !== (current.role?.id ?? null);
    await assertRoleAssignable(db, tenant, body.role_id, changed ? limit : undefined);
  }
  await db.transaction(async (tx) => {
    // Enabling a disabled account takes a staff slot again (409 `packages.staff_limit`, like a new one).
    if (tenant.organizationId && current.status === 'disabled' && body.status === 'active') {
      await assertStaffSlot(tx, tenant.organizationId, now, 'status');
    }
    await tx
      .update(users)
      .set({
        fullName: body.full_name,
        ...(body.phone === undefined ? {} : { phone: body.phone }),
        roleId: body.role_id,
        status: body.status,
        updatedAt: now,
      })
      .where(and(eq(users.id, id), staffOf(tenant)));
    // A disabled account must be refused at once, also where session checks are briefly reused.
    if (body.status === 'disabled') forgetRecentSessions();
    if (body.status === 'disabled' && current.status !== 'disabled') {
      await revokeUserSessions(tx as unknown as Db, id, 'account_disabled');
    }
  });
  return getStaff(db, tenant, id);
}
