import {
  FREE_TIER_GRACE_DAYS,
  FREE_TIER_LIMITS,
  type OrganizationPackage,
  type OrganizationPlan,
  PACKAGE_KEYS,
  type PackageLimits,
} from '@prepwise/contract';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aiGenerationJobs,
  organizationPackages,
  organizationStudents,
  organizationSubscriptions,
  organizations,
  paymentOrders,
  tests,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { paginate } from '../../lib/pagination';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
type PackageRow = typeof organizationPackages.$inferSelect;

const DAY_MS = 86_400_000;

type PackageBody = {
  name_vi: string;
  name_en: string;
  price_vnd: number;
  period_months: number;
  student_seats: number;
  staff_accounts: number;
  tests: number;
  ai_credits: number;
  is_active: boolean;
  sort_order: number;
};

export function toPackage(row: PackageRow): OrganizationPackage {
  return {
    id: row.id,
    name_vi: row.nameVi,
    name_en: row.nameEn,
    price_vnd: row.priceVnd,
    period_months: row.periodMonths,
    student_seats: row.studentSeats,
    staff_accounts: row.staffAccounts,
    tests: row.tests,
    ai_credits: row.aiCredits,
    is_active: row.isActive,
    sort_order: row.sortOrder,
  };
}

const columnsOf = (body: PackageBody) => ({
  nameVi: body.name_vi,
  nameEn: body.name_en,
  priceVnd: body.price_vnd,
  periodMonths: body.period_months,
  studentSeats: body.student_seats,
  staffAccounts: body.staff_accounts,
  tests: body.tests,
  aiCredits: body.ai_credits,
  isActive: body.is_active,
  sortOrder: body.sort_order,
});

// ---------------------------------------------------------------- the catalogue (admin)

export function listPackages(db: Db, query: { page: number; pageSize: number; search?: string }) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern
    ? or(ilike(organizationPackages.nameVi, pattern), ilike(organizationPackages.nameEn, pattern))
    : undefined;
  return paginate(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(organizationPackages)
          .where(where)
          .orderBy(asc(organizationPackages.sortOrder), asc(organizationPackages.priceVnd))
          .limit(limit)
          .offset(offset)
      ).map(toPackage),
    () => db.select({ n: count() }).from(organizationPackages).where(where),
  );
}

export async function getPackage(db: Executor, id: string): Promise<OrganizationPackage> {
  const [row] = await db.select().from(organizationPackages).where(eq(organizationPackages.id, id));
  if (!row) throw notFound('Package not found');
  return toPackage(row);
}

export async function createPackage(db: Db, body: PackageBody): Promise<OrganizationPackage> {
  const [row] = await db.insert(organizationPackages).values(columnsOf(body)).returning();
  return toPackage(row!);
}

export async function updatePackage(
  db: Db,
  id: string,
  body: PackageBody,
  now: Date,
): Promise<OrganizationPackage> {
  const [row] = await db
    .update(organizationPackages)
    .set({ ...columnsOf(body), updatedAt: now })
    .where(eq(organizationPackages.id, id))
    .returning();
  if (!row) throw notFound('Package not found');
  return toPackage(row);
}

/** A package that was ever ordered or granted stays (history points at it): deactivate it instead. */
export async function deletePackage(db: Db, id: string): Promise<void> {
  await getPackage(db, id);
  const [used] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(eq(paymentOrders.organizationPackageId, id));
  const [granted] = await db
    .select({ n: count() })
    .from(organizationSubscriptions)
    .where(eq(organizationSubscriptions.packageId, id));
  if (Number(used?.n ?? 0) + Number(granted?.n ?? 0) > 0) {
    throw conflict('This package was bought; deactivate it instead', { id: PACKAGE_KEYS.inUse });
  }
  await db.delete(organizationPackages).where(eq(organizationPackages.id, id));
}

/** The packages on sale, cheapest first within the admin's order. */
export async function activePackages(db: Executor): Promise<OrganizationPackage[]> {
  const rows = await db
    .select()
    .from(organizationPackages)
    .where(eq(organizationPackages.isActive, true))
    .orderBy(asc(organizationPackages.sortOrder), asc(organizationPackages.priceVnd));
  return rows.map(toPackage);
}

/** A package an organization may buy now (409 when it is no longer on sale). */
export async function packageForSale(db: Executor, id: string): Promise<OrganizationPackage> {
  const [row] = await db
    .select()
    .from(organizationPackages)
    .where(and(eq(organizationPackages.id, id), eq(organizationPackages.isActive, true)));
  if (!row) throw conflict('This package is not on sale', { package_id: PACKAGE_KEYS.unavailable });
  return toPackage(row);
}

// ---------------------------------------------------------------- subscriptions

/**
 * `date` plus whole calendar months, on the same day of the month, or the month's last day when it has
 * fewer (29 Nov + 3 months is 28 Feb, not 1 Mar; 31 Aug + 1 month is 30 Sep), as PostgreSQL's intervals do.
 */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** The organization's latest period that started and was not revoked (live, in grace, or long over). */
async function latestPeriod(db: Executor, organizationId: string, now: Date) {
  const [row] = await db
    .select({ subscription: organizationSubscriptions, package: organizationPackages })
    .from(organizationSubscriptions)
    .innerJoin(organizationPackages, eq(organizationPackages.id, organizationSubscriptions.packageId))
    .where(
      and(
        eq(organizationSubscriptions.organizationId, organizationId),
        isNull(organizationSubscriptions.revokedAt),
        lte(organizationSubscriptions.startsAt, now),
      ),
    )
    // The period covering now first (the newest one started), else the one that ended last.
    .orderBy(
      desc(sql`${organizationSubscriptions.endsAt} > ${now}`),
      desc(organizationSubscriptions.startsAt),
      desc(organizationSubscriptions.endsAt),
    )
    .limit(1);
  return row;
}

/** The last end of the organization's live periods of one package (where a renewal starts), if any. */
async function liveEndOf(tx: Executor, organizationId: string, packageId: string, now: Date) {
  const [row] = await tx
    .select({ endsAt: sql<Date | null>`max(${organizationSubscriptions.endsAt})` })
    .from(organizationSubscriptions)
    .where(
      and(
        eq(organizationSubscriptions.organizationId, organizationId),
        eq(organizationSubscriptions.packageId, packageId),
        isNull(organizationSubscriptions.revokedAt),
        gt(organizationSubscriptions.endsAt, now),
      ),
    );
  return row?.endsAt ? new Date(row.endsAt) : null;
}

/**
 * Starts or extends an organization's package for one period (fulfilment of a paid order, inside the
 * caller's transaction; or a grant by the platform). The same package as the live one is extended from
 * its end; another package starts now and replaces it.
 */
export async function startPeriod(
  tx: Executor,
  input: { organizationId: string; packageId: string; orderId: string | null; now: Date },
) {
  const pkg = await getPackage(tx, input.packageId);
  const liveEnd = await liveEndOf(tx, input.organizationId, input.packageId, input.now);
  const startsAt = liveEnd ?? input.now;
  const endsAt = addMonths(startsAt, pkg.period_months);
  await tx.insert(organizationSubscriptions).values({
    organizationId: input.organizationId,
    packageId: input.packageId,
    orderId: input.orderId,
    startsAt,
    endsAt,
  });
}

/** A refund ends the period its order paid for. */
export async function revokePeriodOf(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(organizationSubscriptions)
    .set({ revokedAt: now })
    .where(and(eq(organizationSubscriptions.orderId, orderId), isNull(organizationSubscriptions.revokedAt)));
}

interface Plan {
  status: OrganizationPlan['status'];
  package: OrganizationPackage | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  graceEnd: Date | null;
  limits: PackageLimits;
}

/** The limits that hold for an organization now: its live package, or it in grace, or the free tier. */
export async function planOf(db: Executor, organizationId: string, now: Date): Promise<Plan> {
  const row = await latestPeriod(db, organizationId, now);
  if (row) {
    // A live package runs until its last paid period (renewals are queued after it).
    const periodEnd =
      row.subscription.endsAt > now
        ? ((await liveEndOf(db, organizationId, row.package.id, now)) ?? row.subscription.endsAt)
        : row.subscription.endsAt;
    const graceEnd = new Date(periodEnd.getTime() + FREE_TIER_GRACE_DAYS * DAY_MS);
    const status = periodEnd > now ? 'active' : graceEnd > now ? 'grace' : 'free';
    if (status !== 'free') {
      const pkg = toPackage(row.package);
      return {
        status,
        package: pkg,
        periodStart: row.subscription.startsAt,
        periodEnd,
        graceEnd,
        limits: {
          student_seats: pkg.student_seats,
          staff_accounts: pkg.staff_accounts,
          tests: pkg.tests,
          ai_credits: pkg.ai_credits,
        },
      };
    }
  }
  return {
    status: 'free',
    package: null,
    periodStart: null,
    periodEnd: null,
    graceEnd: null,
    limits: { ...FREE_TIER_LIMITS },
  };
}

async function activeStudents(db: Executor, organizationId: string, exceptUserId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(organizationStudents)
    .where(
      and(
        eq(organizationStudents.organizationId, organizationId),
        eq(organizationStudents.status, 'active'),
        exceptUserId ? ne(organizationStudents.userId, exceptUserId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

async function staffAccounts(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.scope, 'educator'),
        ne(users.status, 'disabled'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The organization's tests that count against its package: every one not archived. */
async function liveTests(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(tests)
    .where(and(eq(tests.organizationId, organizationId), ne(tests.status, 'archived')));
  return Number(row?.n ?? 0);
}

/** What the organization uses of each limit; AI credits are the items asked for since the period began. */
export async function usageOf(db: Executor, organizationId: string, since: Date): Promise<PackageLimits> {
  const [students, staff, testCount, [aiRow]] = await Promise.all([
    activeStudents(db, organizationId),
    staffAccounts(db, organizationId),
    liveTests(db, organizationId),
    db
      .select({ n: sql<string>`coalesce(sum(${aiGenerationJobs.count}), 0)` })
      .from(aiGenerationJobs)
      .where(
        and(
          eq(aiGenerationJobs.organizationId, organizationId),
          gt(aiGenerationJobs.createdAt, since),
          ne(aiGenerationJobs.status, 'cancelled'),
        ),
      ),
  ]);
  return {
    student_seats: students,
    staff_accounts: staff,
    tests: testCount,
    ai_credits: Number(aiRow?.n ?? 0),
  };
}

/** The start of the period AI credits are counted over: the package's period, else the calendar month. */
function creditPeriodStart(plan: Plan, now: Date) {
  return plan.periodStart ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function getPlan(
  db: Db,
  organizationId: string,
  isOwner: boolean,
  now: Date,
): Promise<OrganizationPlan> {
  const plan = await planOf(db, organizationId, now);
  const [usage, catalogue] = await Promise.all([
    usageOf(db, organizationId, creditPeriodStart(plan, now)),
    activePackages(db),
  ]);
  return {
    status: plan.status,
    package: plan.package,
    period_start: plan.periodStart?.toISOString() ?? null,
    period_end: plan.periodEnd?.toISOString() ?? null,
    grace_end: plan.graceEnd?.toISOString() ?? null,
    limits: plan.limits,
    usage,
    catalogue,
    is_owner: isOwner,
  };
}

/** Serializes the changes that count against a limit (two joins at once cannot both take the last seat). */
async function lockOrganization(tx: Executor, organizationId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/** A limit reached is a conflict with the organization's state (409), its reason keyed on the field. */
export const seatLimitError = (field: string, seats: number) =>
  conflict(`The organization's package allows ${seats} students`, { [field]: PACKAGE_KEYS.seatLimit });

/**
 * Refuses a learner who would take a seat beyond the package's (409 `packages.seat_limit` on `field`).
 * A learner already an active student takes no new seat. Call inside the transaction that adds them.
 */
export async function assertSeatFor(
  tx: Executor,
  organizationId: string,
  userId: string,
  field: string,
  now: Date,
) {
  await lockOrganization(tx, organizationId);
  const { limits } = await planOf(tx, organizationId, now);
  const [member] = await tx
    .select({ status: organizationStudents.status })
    .from(organizationStudents)
    .where(
      and(eq(organizationStudents.organizationId, organizationId), eq(organizationStudents.userId, userId)),
    );
  if (member?.status === 'active') return;
  if ((await activeStudents(tx, organizationId)) >= limits.student_seats) {
    throw seatLimitError(field, limits.student_seats);
  }
}

/** The seats left now (for invitations and the roster preview). */
export async function seatsLeft(db: Executor, organizationId: string, now: Date): Promise<number> {
  const { limits } = await planOf(db, organizationId, now);
  return Math.max(0, limits.student_seats - (await activeStudents(db, organizationId)));
}

/**
 * Refuses an AI generation request beyond the credits left in the period (409 `packages.ai_credit_limit`
 * on `count`): every item asked for is a credit, counted since the package's period (or the calendar
 * month on the free tier) began, cancelled requests excepted. Call inside the transaction that records
 * the request: the organization's row lock keeps two requests at once from both taking the last credits.
 */
export async function assertAiCredits(tx: Executor, organizationId: string, requested: number, now: Date) {
  await lockOrganization(tx, organizationId);
  const plan = await planOf(tx, organizationId, now);
  const used = (await usageOf(tx, organizationId, creditPeriodStart(plan, now))).ai_credits;
  const left = Math.max(0, plan.limits.ai_credits - used);
  if (requested > left) {
    throw conflict(`The organization has ${left} AI credits left in this period`, {
      count: PACKAGE_KEYS.aiCreditLimit,
    });
  }
}

/**
 * Refuses a staff account beyond the package's (409 `packages.staff_limit` on `field`: `email` for a new
 * account, `status` for a disabled one enabled again).
 */
export async function assertStaffSlot(tx: Executor, organizationId: string, now: Date, field = 'email') {
  await lockOrganization(tx, organizationId);
  const { limits } = await planOf(tx, organizationId, now);
  if ((await staffAccounts(tx, organizationId)) >= limits.staff_accounts) {
    throw conflict(`The organization's package allows ${limits.staff_accounts} staff accounts`, {
      [field]: PACKAGE_KEYS.staffLimit,
    });
  }
}

/**
 * Refuses a test beyond the package's (409 `packages.test_limit` on `id`): a new test, or an archived
 * one brought back to draft. Archived tests do not count. Call inside the transaction that adds it.
 */
export async function assertTestSlot(tx: Executor, organizationId: string, now: Date) {
  await lockOrganization(tx, organizationId);
  const { limits } = await planOf(tx, organizationId, now);
  if ((await liveTests(tx, organizationId)) >= limits.tests) {
    throw conflict(`The organization's package allows ${limits.tests} tests`, { id: PACKAGE_KEYS.testLimit });
  }
}
