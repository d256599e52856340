import {
  isLocale,
  ORGANIZATION_KEYS,
  type OrganizationDetail,
  type OrganizationFilterStatus,
  type OrganizationSummary,
  type Page,
} from '@prepwise/contract';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import type { DepsOf } from '../../deps';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { assertAcceptablePassword } from '../auth/auth.service';
import { isOrganizationImage, mediaUrl } from '../media/media.service';
import {
  assertOrganizationNameFree,
  isUniqueViolation,
  NAME_KEY_CONSTRAINT,
  organizationNameTaken,
} from './organization-names';
import { organizationApprovedMail, organizationRejectedMail } from './organizations.mails';
import { newJoinCode, uniqueOrganizationSlug } from './organizations.service';

const owners = users;

/** Counts per organization, as correlated subqueries (each reads one index by organization). */
const staffCount = sql<number>`(select count(*)::int from users s
  where s.organization_id = "organizations"."id" and s.scope = 'educator')`;
const studentCount = sql<number>`(select count(*)::int from organization_students os
  where os.organization_id = "organizations"."id" and os.status = 'active')`;
const testCount = sql<number>`(select count(*)::int from tests t where t.organization_id = "organizations"."id")`;

const summaryColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  email: organizations.email,
  phone: organizations.phone,
  logoUrl: organizations.logoUrl,
  status: organizations.status,
  isListed: organizations.isListed,
  suspendedAt: organizations.suspendedAt,
  createdAt: organizations.createdAt,
  reviewedAt: organizations.reviewedAt,
  ownerId: owners.id,
  ownerName: owners.fullName,
  ownerEmail: owners.email,
  ownerStatus: owners.status,
  ownerLocale: owners.locale,
  staffCount,
  studentCount,
  testCount,
};

type SummaryRow = {
  id: string;
  name: string;
  slug: string;
  email: string;
  phone: string | null;
  logoUrl: string | null;
  status: OrganizationSummary['status'];
  isListed: boolean;
  suspendedAt: Date | null;
  createdAt: Date;
  reviewedAt: Date | null;
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  ownerStatus: 'active' | 'disabled' | 'pending' | null;
  ownerLocale: string | null;
  staffCount: number;
  studentCount: number;
  testCount: number;
};

function toSummary(row: SummaryRow): OrganizationSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    logo_url: row.logoUrl,
    status: row.status,
    is_listed: row.isListed,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    owner:
      row.ownerId && row.ownerName && row.ownerEmail && row.ownerStatus
        ? {
            id: row.ownerId,
            full_name: row.ownerName,
            email: row.ownerEmail,
            status: row.ownerStatus,
            locale: row.ownerLocale ?? 'vi',
          }
        : null,
    staff_count: Number(row.staffCount),
    student_count: Number(row.studentCount),
    test_count: Number(row.testCount),
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * The owner: organizations.owner_id, or for applications recorded before owner_id existed the educator
 * who applied (the organization's only account while it is pending).
 */
const ownerJoin = or(
  eq(owners.id, organizations.ownerId),
  and(
    isNull(organizations.ownerId),
    eq(owners.organizationId, organizations.id),
    eq(owners.scope, 'educator'),
  ),
);

const selectSummaries = (db: Db) =>
  db.select(summaryColumns).from(organizations).leftJoin(owners, ownerJoin!);

function statusFilter(status: OrganizationFilterStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'suspended':
      return isNotNull(organizations.suspendedAt);
    case 'approved':
      return and(eq(organizations.status, 'approved'), isNull(organizations.suspendedAt));
    default:
      return eq(organizations.status, status);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listOrganizations(
  db: Db,
  query: { page: number; pageSize: number; search?: string; status?: OrganizationFilterStatus },
): Promise<Page<OrganizationSummary>> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    pattern
      ? or(
          // Accent-insensitive, as people type Vietnamese names without their marks ("sao viet").
          sql`fold_text(${organizations.name}) ilike fold_text(${pattern})`,
          sql`${organizations.slug} ilike ${pattern}`,
          sql`${organizations.email} ilike ${pattern}`,
        )
      : undefined,
    statusFilter(query.status),
  );
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(organizations.createdAt), organizations.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return {
    items: rows.map(toSummary),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function getOrganization(db: Db, id: string, now: Date): Promise<OrganizationDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: organizations.address,
      website: organizations.website,
      description: organizations.description,
      reviewNote: organizations.reviewNote,
      suspensionReason: organizations.suspensionReason,
      joinCode: organizations.joinCode,
    })
    .from(organizations)
    .leftJoin(owners, ownerJoin!)
    .where(eq(organizations.id, id));
  if (!row) throw notFound('Organization not found');
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const usage = (await db.execute(sql`
    select
      (select count(*)::int from attempts a
         join organization_students os on os.user_id = a.user_id
          and os.organization_id = ${id} and os.status = 'active'
        where a.started_at > ${since}::timestamptz) as student_attempts,
      (select count(distinct a.user_id)::int from attempts a
         join organization_students os on os.user_id = a.user_id
          and os.organization_id = ${id} and os.status = 'active'
        where a.started_at > ${since}::timestamptz) as active_students,
      (select count(*)::int from attempts a
        where a.organization_id = ${id} and a.started_at > ${since}::timestamptz) as test_attempts
  `)) as unknown as { rows: { student_attempts: number; active_students: number; test_attempts: number }[] };
  const figures = usage.rows[0]!;
  return {
    ...toSummary(row),
    address: row.address,
    website: row.website,
    description: row.description,
    review_note: row.reviewNote,
    suspension_reason: row.suspensionReason,
    join_code: row.joinCode,
    usage: {
      student_attempts_30d: Number(figures.student_attempts),
      active_students_30d: Number(figures.active_students),
      test_attempts_30d: Number(figures.test_attempts),
    },
  };
}

/** 404 unless the organization exists (nested routes check this before calling another service). */
export async function assertOrganizationExists(db: Db, id: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  if (!row) throw notFound('Organization not found');
}

async function assertSlugFree(db: Db, slug: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined));
  if (taken) throw conflict('This address is taken', { slug: ORGANIZATION_KEYS.slugTaken });
}

/** A unique-index violation (two writers raced past the check) answers like the check. */
interface OrganizationFields {
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  website?: string | null;
  description?: string | null;
  logo_url?: string | null;
  is_listed?: boolean;
}

const fieldValues = (body: OrganizationFields) => ({
  name: body.name,
  email: body.email,
  phone: body.phone ?? null,
  address: body.address ?? null,
  website: body.website ?? null,
  description: body.description ?? null,
  logoUrl: body.logo_url ?? null,
  isListed: body.is_listed ?? false,
});

/**
 * A logo is an https address or an image in the organization's own media (uploaded at
 * /admin/organizations/:id/media), so that the organization's portal may keep it when saving its profile.
 */
async function assertOrganizationLogo(db: Db, organizationId: string, logoUrl: string | null | undefined) {
  if (logoUrl?.startsWith(mediaUrl('')) && !(await isOrganizationImage(db, organizationId, logoUrl))) {
    throw validationFailed({ logo_url: ORGANIZATION_KEYS.invalidLogo });
  }
}

/** The admin creates an organization and its owner directly: approved at once, the owner active. */
export async function createOrganization(
  db: Db,
  body: OrganizationFields & {
    slug?: string;
    owner: {
      full_name: string;
      email: string;
      phone?: string | null;
      locale?: 'vi' | 'en';
      password: string;
    };
  },
  now: Date,
): Promise<OrganizationDetail> {
  assertAcceptablePassword(body.owner.password, 'owner.password');
  if (body.slug) await assertSlugFree(db, body.slug);
  await assertOrganizationNameFree(db, body.name);
  const passwordHash = await hashPassword(body.owner.password);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [owner] = await tx
        .insert(users)
        .values({
          email: body.owner.email,
          passwordHash,
          fullName: body.owner.full_name,
          phone: body.owner.phone ?? null,
          scope: 'educator',
          status: 'active',
          locale: body.owner.locale ?? 'vi',
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!owner) {
        throw conflict('An account with this email exists', {
          'owner.email': ORGANIZATION_KEYS.ownerEmailTaken,
        });
      }
      const [organization] = await tx
        .insert(organizations)
        .values({
          ...fieldValues(body),
          slug: body.slug ?? (await uniqueOrganizationSlug(tx as unknown as Db, body.name)),
          status: 'approved',
          reviewedAt: now,
          ownerId: owner.id,
          joinCode: newJoinCode(),
        })
        .returning({ id: organizations.id });
      await tx.update(users).set({ organizationId: organization!.id }).where(eq(users.id, owner.id));
      return organization!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY_CONSTRAINT)) throw organizationNameTaken();
    if (isUniqueViolation(error, 'organizations_slug_key')) {
      // A slug made from the name meets a look-alike applied for at the same moment: the name is the clash.
      if (!body.slug) await assertOrganizationNameFree(db, body.name);
      throw conflict('This address is taken', { slug: ORGANIZATION_KEYS.slugTaken });
    }
    throw error;
  }
  return getOrganization(db, id, now);
}

export async function updateOrganization(
  db: Db,
  id: string,
  body: OrganizationFields & { slug: string },
  now: Date,
): Promise<OrganizationDetail> {
  await assertOrganizationExists(db, id);
  await assertSlugFree(db, body.slug, id);
  await assertOrganizationNameFree(db, body.name, id);
  await assertOrganizationLogo(db, id, body.logo_url);
  try {
    await db
      .update(organizations)
      .set({ ...fieldValues(body), slug: body.slug, updatedAt: now })
      .where(eq(organizations.id, id));
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY_CONSTRAINT)) throw organizationNameTaken();
    if (isUniqueViolation(error, 'organizations_slug_key')) {
      throw conflict('This address is taken', { slug: ORGANIZATION_KEYS.slugTaken });
    }
    throw error;
  }
  return getOrganization(db, id, now);
}

const wrongState = (message: string) =>
  new AppError(409, 'CONFLICT', message, { status: ORGANIZATION_KEYS.wrongState });

const mailLocale = (locale: string | undefined) => (isLocale(locale) ? locale : 'vi');

/** Pending (or rejected) → approved; the owner's account becomes active and is told by mail. */
export async function approveOrganization(
  deps: DepsOf<'config' | 'db' | 'mail' | 'now'>,
  id: string,
): Promise<OrganizationDetail> {
  const now = deps.now();
  const current = await getOrganization(deps.db, id, now);
  if (current.status === 'approved') throw wrongState('The organization is already approved');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        status: 'approved',
        reviewNote: null,
        reviewedAt: now,
        updatedAt: now,
        ownerId: current.owner?.id ?? null,
        joinCode: current.join_code ?? newJoinCode(),
      })
      .where(eq(organizations.id, id));
    if (current.owner) {
      await tx
        .update(users)
        .set({ status: 'active', updatedAt: now })
        .where(and(eq(users.id, current.owner.id), eq(users.status, 'pending')));
    }
  });
  if (current.owner) {
    const mail = organizationApprovedMail(
      current.owner.full_name,
      current.name,
      `${deps.config.publicUrl}/sign-in`,
      mailLocale(current.owner.locale),
    );
    await deps.mail.send({ to: current.owner.email, ...mail });
  }
  return getOrganization(deps.db, id, now);
}

/** Pending → rejected with the admin's reason, mailed to the owner (who may apply again). */
export async function rejectOrganization(
  deps: DepsOf<'config' | 'db' | 'mail' | 'now'>,
  id: string,
  reason: string,
): Promise<OrganizationDetail> {
  const now = deps.now();
  const current = await getOrganization(deps.db, id, now);
  if (current.status !== 'pending') throw wrongState('Only a pending application can be rejected');
  await deps.db
    .update(organizations)
    .set({
      status: 'rejected',
      reviewNote: reason,
      reviewedAt: now,
      updatedAt: now,
      ownerId: current.owner?.id ?? null,
    })
    .where(eq(organizations.id, id));
  if (current.owner) {
    const mail = organizationRejectedMail(
      current.owner.full_name,
      current.name,
      reason,
      `${deps.config.publicUrl}/register-organization`,
      mailLocale(current.owner.locale),
    );
    await deps.mail.send({ to: current.owner.email, ...mail });
  }
  return getOrganization(deps.db, id, now);
}

/** An approved organization is suspended: its portal becomes read-only; its learners keep their history. */
export async function suspendOrganization(
  db: Db,
  id: string,
  reason: string,
  now: Date,
): Promise<OrganizationDetail> {
  const current = await getOrganization(db, id, now);
  if (current.status !== 'approved' || current.suspended_at) {
    throw wrongState('Only an approved, active organization can be suspended');
  }
  await db
    .update(organizations)
    .set({ suspendedAt: now, suspensionReason: reason, updatedAt: now })
    .where(eq(organizations.id, id));
  return getOrganization(db, id, now);
}

export async function reactivateOrganization(db: Db, id: string, now: Date): Promise<OrganizationDetail> {
  const current = await getOrganization(db, id, now);
  if (!current.suspended_at) throw wrongState('The organization is not suspended');
  await db
    .update(organizations)
    .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
    .where(eq(organizations.id, id));
  return getOrganization(db, id, now);
}
