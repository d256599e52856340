import type {
  AttemptResult,
  Learner,
  LearnerDetail,
  LearnerTestAttempts,
  learnerListQuerySchema,
  learnerUpdateBodySchema,
  StudentAttempt,
} from '@prepwise/contract';
import { and, count, desc, eq, exists, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  attempts,
  organizationStudents,
  organizations,
  paymentOrders,
  tests,
  users,
  walletLedger,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { forgetRecentSessions } from '../../lib/session-cache';
import type { Tenant } from '../../tenancy/tenant';
import { getStudentResult } from '../attempts/attempts.service';
import { revokeUserSessions } from '../auth/auth.service';

type ListQuery = z.output<typeof learnerListQuerySchema>;
type UpdateBody = z.output<typeof learnerUpdateBodySchema>;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A learner account: what /admin/students lists (staff and educators are not learners). */
const isLearner = eq(users.scope, 'user');

// Correlated subqueries in plain SQL: drizzle leaves column names unqualified inside a select list.
const attemptCount = sql<number>`(select count(*)::int from attempts a where a.user_id = "users"."id")`;
const lastAttemptAt = sql<
  string | null
>`(select max(a.started_at) from attempts a where a.user_id = "users"."id")`;
const organizationCount = sql<number>`(select count(*)::int from organization_students os where os.user_id = "users"."id")`;

const learnerColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  locale: users.locale,
  googleSub: users.googleSub,
  attemptCount,
  lastAttemptAt,
  organizationCount,
};

type LearnerRow = {
  id: string;
  email: string;
  fullName: string;
  status: Learner['status'];
  createdAt: Date;
  lastLoginAt: Date | null;
  attemptCount: number;
  lastAttemptAt: string | Date | null;
  organizationCount: number;
};

const toLearner = (row: LearnerRow): Learner => ({
  id: row.id,
  email: row.email,
  full_name: row.fullName,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  last_login_at: iso(row.lastLoginAt),
  organization_count: Number(row.organizationCount),
  attempt_count: Number(row.attemptCount),
  last_attempt_at: row.lastAttemptAt ? new Date(row.lastAttemptAt).toISOString() : null,
});

/** /api/admin/students: every learner, newest first; search by name or e-mail; status, organization, activity. */
export async function listLearners(db: Db, query: ListQuery) {
  const filters: (SQL | undefined)[] = [isLearner];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.organization_id) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(organizationStudents)
          .where(
            and(
              eq(organizationStudents.userId, users.id),
              eq(organizationStudents.organizationId, query.organization_id),
            ),
          ),
      ),
    );
  }
  if (query.has_attempts) {
    const some = exists(db.select({ one: sql`1` }).from(attempts).where(eq(attempts.userId, users.id)));
    filters.push(query.has_attempts === 'yes' ? some : sql`not ${some}`);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(learnerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map(toLearner),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

const attemptColumns = {
  id: attempts.id,
  testId: attempts.testId,
  title: tests.title,
  mode: attempts.mode,
  status: attempts.status,
  score: attempts.scoreTotal,
  maxScore: attempts.maxScore,
  correct: attempts.correctCount,
  questions: attempts.questionCount,
  startedAt: attempts.startedAt,
  submittedAt: attempts.submittedAt,
};

const toAttempt = (a: {
  id: string;
  testId: string;
  title: string;
  mode: StudentAttempt['mode'];
  status: StudentAttempt['status'];
  score: number | null;
  maxScore: number | null;
  correct: number;
  questions: number;
  startedAt: Date;
  submittedAt: Date | null;
}): StudentAttempt => ({
  id: a.id,
  test_id: a.testId,
  test_title: a.title,
  mode: a.mode,
  status: a.status,
  score: a.score,
  max_score: a.maxScore,
  correct_count: a.correct,
  question_count: a.questions,
  started_at: a.startedAt.toISOString(),
  submitted_at: iso(a.submittedAt),
});

async function learnerRow(db: Db, id: string) {
  const [row] = await db
    .select(learnerColumns)
    .from(users)
    .where(and(eq(users.id, id), isLearner));
  if (!row) throw notFound('Learner not found');
  return row;
}

/** One learner for the admin: profile, organizations, attempts (any test) and purchases. */
export async function getLearner(db: Db, id: string): Promise<LearnerDetail> {
  const row = await learnerRow(db, id);
  const [memberships, attemptRows, orders, [wallet]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        membership: organizationStudents.status,
        studentCode: organizationStudents.studentCode,
        joinedAt: organizationStudents.joinedAt,
      })
      .from(organizationStudents)
      .innerJoin(organizations, eq(organizations.id, organizationStudents.organizationId))
      .where(eq(organizationStudents.userId, id))
      .orderBy(desc(organizationStudents.joinedAt)),
    db
      .select(attemptColumns)
      .from(attempts)
      .innerJoin(tests, eq(tests.id, attempts.testId))
      .where(eq(attempts.userId, id))
      .orderBy(desc(attempts.startedAt), desc(attempts.id))
      .limit(100),
    db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, id))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(100),
    db
      .select({ balance: sql<number>`coalesce(sum(${walletLedger.amountVnd}), 0)::int` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, id)),
  ]);
  return {
    ...toLearner(row),
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    locale: row.locale,
    google_linked: Boolean(row.googleSub),
    wallet_balance_vnd: Number(wallet?.balance ?? 0),
    organizations: memberships.map((m) => ({
      id: m.id,
      name: m.name,
      slug: m.slug,
      membership: m.membership,
      student_code: m.studentCode,
      joined_at: m.joinedAt.toISOString(),
    })),
    attempts: attemptRows.map(toAttempt),
    purchases: orders.map((o) => ({
      id: o.id,
      code: o.code,
      kind: o.kind,
      description: o.description,
      amount_vnd: o.amountVnd,
      method: o.method,
      status: o.status,
      created_at: o.createdAt.toISOString(),
      paid_at: iso(o.paidAt),
    })),
  };
}

/** The admin edits a learner's name and status; disabling ends every session of theirs at once. */
export async function updateLearner(db: Db, id: string, body: UpdateBody, now: Date): Promise<LearnerDetail> {
  const current = await learnerRow(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ fullName: body.full_name, status: body.status, updatedAt: now })
      .where(and(eq(users.id, id), isLearner));
    if (body.status === 'disabled' && current.status !== 'disabled') {
      await revokeUserSessions(tx as unknown as Db, id, 'account_disabled');
    }
  });
  // A disabled account must be refused at once, also where session checks are briefly reused.
  if (body.status === 'disabled') forgetRecentSessions();
  return getLearner(db, id);
}

/**
 * Which learner a back office may look at: the admin any learner; an organization only its students
 * (removed ones too: their history stays). Anyone else is a 404.
 */
async function assertLearnerInScope(db: Db, tenant: Tenant, userId: string) {
  const base = db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .$dynamic();
  const [row] = tenant.organizationId
    ? await base
        .innerJoin(
          organizationStudents,
          and(
            eq(organizationStudents.userId, users.id),
            eq(organizationStudents.organizationId, tenant.organizationId),
          ),
        )
        .where(eq(users.id, userId))
    : await base.where(and(eq(users.id, userId), isLearner));
  if (!row) throw notFound('Learner not found');
  return row;
}

/**
 * The tests a back office sees a learner's attempts of: any test for the admin; for an organization its
 * own tests and the platform's, never another organization's (as the student page of the portal).
 */
const testInScope = (tenant: Tenant): SQL | undefined =>
  tenant.organizationId
    ? or(isNull(tests.organizationId), eq(tests.organizationId, tenant.organizationId))
    : undefined;
/** The same rule on the tenant copied onto the attempt. */
const attemptInScope = (tenant: Tenant): SQL | undefined =>
  tenant.organizationId
    ? or(isNull(attempts.organizationId), eq(attempts.organizationId, tenant.organizationId))
    : undefined;

/** A learner's attempts of one test, newest first. */
export async function learnerTestAttempts(
  db: Db,
  tenant: Tenant,
  userId: string,
  testId: string,
): Promise<LearnerTestAttempts> {
  const learner = await assertLearnerInScope(db, tenant, userId);
  const [test] = await db
    .select({ id: tests.id, title: tests.title, slug: tests.slug })
    .from(tests)
    .where(and(eq(tests.id, testId), testInScope(tenant)));
  if (!test) throw notFound('Test not found');
  const rows = await db
    .select(attemptColumns)
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId), attemptInScope(tenant)))
    .orderBy(desc(attempts.startedAt), desc(attempts.id));
  return {
    learner: { id: learner.id, full_name: learner.fullName, email: learner.email },
    test,
    attempts: rows.map(toAttempt),
  };
}

/** One attempt's result and review, with the same rules as `learnerTestAttempts`. */
export async function learnerAttemptResult(
  db: Db,
  tenant: Tenant,
  userId: string,
  testId: string,
  attemptId: string,
  now: Date,
): Promise<AttemptResult> {
  await assertLearnerInScope(db, tenant, userId);
  const [row] = await db
    .select({ organizationId: attempts.organizationId })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.userId, userId),
        eq(attempts.testId, testId),
        testInScope(tenant),
        attemptInScope(tenant),
      ),
    );
  if (!row) throw notFound('Attempt not found');
  // The attempt's own tenant: the attempts service finds it (and submits an overdue one) as usual.
  return getStudentResult(db, { organizationId: row.organizationId }, userId, attemptId, now);
}
