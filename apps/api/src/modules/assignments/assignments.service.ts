import {
  ASSIGNMENT_KEYS,
  type Assignment,
  type AssignmentBody,
  type AssignmentResultRow,
  type AssignmentResults,
  type AssignmentState,
  type FieldErrors,
  type IntegrityTimeline,
  type LearnerAssignment,
  STUDENT_KEYS,
} from '@prepwise/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  classes,
  organizationStudents,
  testAssignmentClasses,
  testAssignmentStudents,
  testAssignments,
  tests,
  users,
} from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import type { Tenant } from '../../tenancy/tenant';
import { attemptModel } from '../attempts/attempt-rows';
import { integrityCounts, integrityTimeline } from '../attempts/integrity.service';
import { startAttempt } from '../attempts/start.service';
import { writeCsv } from '../import-export/formats/csv';
import { writeXlsx } from '../import-export/formats/xlsx';
import { type Caller, checkAccessCode, checkIpRanges, ipAllowed, ipRefused } from './delivery-rules';

type AssignmentRow = typeof testAssignments.$inferSelect;
type Input = Omit<
  AssignmentBody,
  | 'class_ids'
  | 'student_ids'
  | 'time_limit_minutes'
  | 'access_code'
  | 'allowed_ip_ranges'
  | 'single_device'
  | 'shuffle_questions'
  | 'shuffle_options'
> & {
  class_ids: string[];
  student_ids: string[];
  time_limit_minutes: number | null;
  access_code: string | null;
  allowed_ip_ranges: string[];
  single_device: boolean;
  shuffle_questions: boolean;
  shuffle_options: boolean;
};

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An organization's own rows only: the platform has no assignments, so its tenant reads nothing. */
function organizationOf(tenant: Tenant): string {
  if (!tenant.organizationId) throw notFound('Test not found');
  return tenant.organizationId;
}

export function stateOf(row: Pick<AssignmentRow, 'opensAt' | 'closesAt' | 'cancelledAt'>, now: Date) {
  if (row.cancelledAt) return 'cancelled' as const;
  if (now < row.opensAt) return 'upcoming' as const;
  if (now < row.closesAt) return 'open' as const;
  return 'closed' as const;
}

/** Whether the per-question review of an attempt under this assignment is shown to its learner now. */
export function reviewReleased(row: Pick<AssignmentRow, 'answersShown' | 'closesAt'>, now: Date) {
  if (row.answersShown === 'immediately') return true;
  if (row.answersShown === 'never') return false;
  return now >= row.closesAt;
}

async function findTest(db: Db, organizationId: string, testId: string) {
  const [test] = await db
    .select({ id: tests.id, status: tests.status, title: tests.title, slug: tests.slug })
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.organizationId, organizationId)));
  if (!test) throw notFound('Test not found');
  return test;
}

export async function findAssignment(db: Db, organizationId: string, testId: string, assignmentId: string) {
  const [row] = await db
    .select()
    .from(testAssignments)
    .where(
      and(
        eq(testAssignments.id, assignmentId),
        eq(testAssignments.testId, testId),
        eq(testAssignments.organizationId, organizationId),
      ),
    );
  if (!row) throw notFound('Assignment not found');
  return row;
}

/** The classes and students named must be the organization's: another's (or an unknown id) is a 404. */
async function checkTargets(db: Db, organizationId: string, input: Input) {
  const classIds = [...new Set(input.class_ids)];
  const studentIds = [...new Set(input.student_ids)];
  const [ownClasses, ownStudents] = await Promise.all([
    classIds.length
      ? db
          .select({ id: classes.id, archivedAt: classes.archivedAt })
          .from(classes)
          .where(and(eq(classes.organizationId, organizationId), inArray(classes.id, classIds)))
      : [],
    studentIds.length
      ? db
          .select({ id: organizationStudents.userId })
          .from(organizationStudents)
          .where(
            and(
              eq(organizationStudents.organizationId, organizationId),
              eq(organizationStudents.status, 'active'),
              inArray(organizationStudents.userId, studentIds),
            ),
          )
      : [],
  ]);
  const classById = new Map(ownClasses.map((row) => [row.id, row]));
  const students = new Set(ownStudents.map((row) => row.id));
  const missing: FieldErrors = {};
  input.class_ids.forEach((id, index) => {
    if (!classById.has(id)) missing[`class_ids.${index}`] = STUDENT_KEYS.classUnknown;
  });
  input.student_ids.forEach((id, index) => {
    if (!students.has(id)) missing[`student_ids.${index}`] = STUDENT_KEYS.studentUnknown;
  });
  if (Object.keys(missing).length > 0)
    throw new AppError(404, 'NOT_FOUND', 'A class or student was not found', missing);
  const archived: FieldErrors = {};
  input.class_ids.forEach((id, index) => {
    if (classById.get(id)?.archivedAt) archived[`class_ids.${index}`] = STUDENT_KEYS.classArchived;
  });
  if (Object.keys(archived).length > 0) throw validationFailed(archived);
  return { classIds, studentIds };
}

const values = (input: Input) => ({
  opensAt: new Date(input.opens_at),
  closesAt: new Date(input.closes_at),
  attemptsAllowed: input.attempts_allowed,
  timeLimitMinutes: input.time_limit_minutes,
  answersShown: input.answers_shown,
  accessCode: input.access_code,
  allowedIpRanges: input.allowed_ip_ranges.length > 0 ? [...new Set(input.allowed_ip_ranges)] : null,
  singleDevice: input.single_device,
  shuffleQuestions: input.shuffle_questions,
  shuffleOptions: input.shuffle_options,
});

/** The learners an assignment reaches: active members of its classes and its chosen students. */
const reachedSql = (assignmentId: string, organizationId: string) => sql`
  select t.user_id from (
    select cs.user_id from test_assignment_classes tac
      join class_students cs on cs.class_id = tac.class_id
      where tac.assignment_id = ${assignmentId}
    union
    select tas.user_id from test_assignment_students tas where tas.assignment_id = ${assignmentId}
  ) t
  join organization_students os
    on os.organization_id = ${organizationId} and os.user_id = t.user_id and os.status = 'active'`;

async function describe(db: Db, list: AssignmentRow[], now: Date): Promise<Assignment[]> {
  if (list.length === 0) return [];
  const ids = list.map((row) => row.id);
  const [classRows, studentRows, counts] = await Promise.all([
    db
      .select({ assignmentId: testAssignmentClasses.assignmentId, id: classes.id, name: classes.name })
      .from(testAssignmentClasses)
      .innerJoin(classes, eq(classes.id, testAssignmentClasses.classId))
      .where(inArray(testAssignmentClasses.assignmentId, ids))
      .orderBy(classes.name),
    db
      .select({
        assignmentId: testAssignmentStudents.assignmentId,
        id: users.id,
        name: users.fullName,
        email: users.email,
      })
      .from(testAssignmentStudents)
      .innerJoin(users, eq(users.id, testAssignmentStudents.userId))
      .where(inArray(testAssignmentStudents.assignmentId, ids))
      .orderBy(users.fullName),
    Promise.all(
      list.map(async (row) => {
        const [count] = await rows<{ students: number; submitted: number }>(
          db,
          sql`with reached as (${reachedSql(row.id, row.organizationId)})
              select (select count(*)::int from reached) as students,
                     (select count(distinct user_id)::int from attempts
                       where assignment_id = ${row.id} and status = 'submitted') as submitted`,
        );
        return [row.id, count ?? { students: 0, submitted: 0 }] as const;
      }),
    ),
  ]);
  const countById = new Map(counts);
  return list.map((row) => ({
    id: row.id,
    test_id: row.testId,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    attempts_allowed: row.attemptsAllowed,
    time_limit_minutes: row.timeLimitMinutes,
    answers_shown: row.answersShown,
    access_code: row.accessCode,
    allowed_ip_ranges: row.allowedIpRanges ?? [],
    single_device: row.singleDevice,
    shuffle_questions: row.shuffleQuestions,
    shuffle_options: row.shuffleOptions,
    state: stateOf(row, now),
    classes: classRows.filter((entry) => entry.assignmentId === row.id).map(({ id, name }) => ({ id, name })),
    students: studentRows
      .filter((entry) => entry.assignmentId === row.id)
      .map(({ id, name, email }) => ({ id, name: name ?? email, email })),
    student_count: countById.get(row.id)?.students ?? 0,
    submitted_count: countById.get(row.id)?.submitted ?? 0,
    results_released_at: row.resultsReleasedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listAssignments(
  db: Db,
  tenant: Tenant,
  testId: string,
  now: Date,
): Promise<Assignment[]> {
  const organizationId = organizationOf(tenant);
  await findTest(db, organizationId, testId);
  const list = await db
    .select()
    .from(testAssignments)
    .where(and(eq(testAssignments.testId, testId), eq(testAssignments.organizationId, organizationId)))
    .orderBy(sql`${testAssignments.opensAt} desc`, sql`${testAssignments.createdAt} desc`);
  return describe(db, list, now);
}

async function writeTargets(tx: Db, assignmentId: string, classIds: string[], studentIds: string[]) {
  await tx.delete(testAssignmentClasses).where(eq(testAssignmentClasses.assignmentId, assignmentId));
  await tx.delete(testAssignmentStudents).where(eq(testAssignmentStudents.assignmentId, assignmentId));
  if (classIds.length)
    await tx.insert(testAssignmentClasses).values(classIds.map((classId) => ({ assignmentId, classId })));
  if (studentIds.length)
    await tx.insert(testAssignmentStudents).values(studentIds.map((userId) => ({ assignmentId, userId })));
}

export async function createAssignment(
  db: Db,
  tenant: Tenant,
  userId: string,
  testId: string,
  input: Input,
  now: Date,
): Promise<Assignment> {
  const organizationId = organizationOf(tenant);
  const test = await findTest(db, organizationId, testId);
  if (test.status !== 'published') {
    throw new AppError(409, 'CONFLICT', 'Only a published test can be assigned', {
      test: ASSIGNMENT_KEYS.testNotPublished,
    });
  }
  checkIpRanges(input.allowed_ip_ranges);
  const { classIds, studentIds } = await checkTargets(db, organizationId, input);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testAssignments)
      .values({ organizationId, testId, createdBy: userId, ...values(input) })
      .returning();
    await writeTargets(tx as unknown as Db, row!.id, classIds, studentIds);
    return row!;
  });
  return (await describe(db, [created], now))[0]!;
}

export async function updateAssignment(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  input: Input,
  now: Date,
): Promise<Assignment> {
  const organizationId = organizationOf(tenant);
  const current = await findAssignment(db, organizationId, testId, assignmentId);
  if (current.cancelledAt) {
    throw new AppError(409, 'CONFLICT', 'This assignment was cancelled', {
      assignment: ASSIGNMENT_KEYS.cancelled,
    });
  }
  checkIpRanges(input.allowed_ip_ranges);
  const { classIds, studentIds } = await checkTargets(db, organizationId, input);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(testAssignments)
      .set({ ...values(input), updatedAt: now })
      .where(eq(testAssignments.id, current.id))
      .returning();
    await writeTargets(tx as unknown as Db, current.id, classIds, studentIds);
    return row!;
  });
  return (await describe(db, [updated], now))[0]!;
}

/** Cancels: students no longer see or start it; attempts already made and their results stay. */
export async function cancelAssignment(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  now: Date,
): Promise<Assignment> {
  const organizationId = organizationOf(tenant);
  const current = await findAssignment(db, organizationId, testId, assignmentId);
  const [row] = current.cancelledAt
    ? [current]
    : await db
        .update(testAssignments)
        .set({ cancelledAt: now, updatedAt: now })
        .where(eq(testAssignments.id, current.id))
        .returning();
  return (await describe(db, [row!], now))[0]!;
}

/**
 * Releases the per-question review (with the essays' marks and comments) to the students now, before the
 * close time; idempotent. Only for answers shown "after the close time": "immediately" needs no release
 * and "never" means never.
 */
export async function releaseResults(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  now: Date,
): Promise<Assignment> {
  const organizationId = organizationOf(tenant);
  const current = await findAssignment(db, organizationId, testId, assignmentId);
  if (current.cancelledAt) {
    throw new AppError(409, 'CONFLICT', 'This assignment was cancelled', {
      assignment: ASSIGNMENT_KEYS.cancelled,
    });
  }
  if (current.answersShown !== 'after_close') {
    throw new AppError(409, 'CONFLICT', 'Only answers shown after the close time are released early', {
      assignment: ASSIGNMENT_KEYS.releaseNotApplicable,
    });
  }
  const [row] = current.resultsReleasedAt
    ? [current]
    : await db
        .update(testAssignments)
        .set({ resultsReleasedAt: now, updatedAt: now })
        .where(eq(testAssignments.id, current.id))
        .returning();
  return (await describe(db, [row!], now))[0]!;
}

// ---------------------------------------------------------------- results for teachers

interface ResultSqlRow {
  user_id: string;
  full_name: string | null;
  email: string;
  attempts_used: number;
  attempt_id: string | null;
  status: 'in_progress' | 'submitted' | null;
  grading: 'complete' | 'pending_manual' | null;
  score_total: number | null;
  max_score: number | null;
  correct_count: number | null;
  question_count: number | null;
  time_spent_seconds: number | null;
  started_at: string | null;
  submitted_at: string | null;
  has_open: boolean;
}

export async function getAssignmentResults(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  now: Date,
): Promise<AssignmentResults> {
  const organizationId = organizationOf(tenant);
  const row = await findAssignment(db, organizationId, testId, assignmentId);
  // Everyone reached, and anyone who took it while reached (removed since, or taken out of the class).
  const list = await rows<ResultSqlRow>(
    db,
    sql`with people as (
          ${reachedSql(row.id, organizationId)}
          union
          select user_id from attempts where assignment_id = ${row.id}
        ), shown as (
          select distinct on (a.user_id) a.*
          from attempts a
          where a.assignment_id = ${row.id}
          order by a.user_id, (a.status = 'submitted') desc, a.started_at desc
        )
        select u.id as user_id, u.full_name, u.email,
               (select count(*)::int from attempts c where c.assignment_id = ${row.id} and c.user_id = u.id) as attempts_used,
               (select exists (select 1 from attempts o where o.assignment_id = ${row.id} and o.user_id = u.id
                               and o.status = 'in_progress')) as has_open,
               s.id as attempt_id, s.status, s.grading, s.score_total, s.max_score, s.correct_count,
               s.question_count, s.time_spent_seconds, s.started_at::text, s.submitted_at::text
        from people p
        join users u on u.id = p.user_id
        left join shown s on s.user_id = u.id
        order by lower(coalesce(u.full_name, u.email)), u.email`,
  );
  const counts = await integrityCounts(
    db,
    list.flatMap((entry) => (entry.attempt_id ? [entry.attempt_id] : [])),
  );
  const results: AssignmentResultRow[] = list.map((entry) => {
    let status: AssignmentResultRow['status'] = 'not_started';
    if (entry.has_open && entry.status !== 'submitted') status = 'in_progress';
    else if (entry.status === 'submitted')
      status = entry.grading === 'pending_manual' ? 'to_grade' : 'graded';
    else if (entry.status === 'in_progress') status = 'in_progress';
    // An attempt in progress shows its elapsed time; a submitted one its recorded time.
    const started = entry.started_at ? new Date(entry.started_at) : null;
    const elapsed =
      entry.status === 'in_progress' && started
        ? Math.max(0, Math.round((now.getTime() - started.getTime()) / 1000))
        : null;
    return {
      student: { id: entry.user_id, full_name: entry.full_name, email: entry.email },
      status: status === 'graded' && entry.grading === null ? 'submitted' : status,
      attempt_id: entry.attempt_id,
      attempts_used: Number(entry.attempts_used),
      score: entry.status === 'submitted' ? (entry.score_total ?? null) : null,
      max_score: entry.status === 'submitted' ? (entry.max_score ?? null) : null,
      correct_count: entry.status === 'submitted' ? Number(entry.correct_count) : null,
      question_count: entry.status === 'submitted' ? Number(entry.question_count) : null,
      time_spent_seconds: entry.status === 'submitted' ? Number(entry.time_spent_seconds) : elapsed,
      started_at: started?.toISOString() ?? null,
      submitted_at: entry.submitted_at ? new Date(entry.submitted_at).toISOString() : null,
      integrity: (entry.attempt_id && counts.get(entry.attempt_id)) || {},
    };
  });
  return { assignment: (await describe(db, [row], now))[0]!, rows: results };
}

/**
 * The integrity timeline of one attempt under an assignment (issue 29): the assignment must be the
 * organization's and the attempt taken under it, else 404.
 */
export async function getAttemptIntegrity(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  attemptId: string,
): Promise<IntegrityTimeline> {
  const organizationId = organizationOf(tenant);
  const row = await findAssignment(db, organizationId, testId, assignmentId);
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.assignmentId, row.id),
        eq(attempts.organizationId, organizationId),
      ),
    );
  if (!attempt) throw notFound('Attempt not found');
  return integrityTimeline(db, attempt.id, await attemptModel(db, attempt));
}

const EXPORT_COLUMNS = [
  'full_name',
  'email',
  'status',
  'attempts_used',
  'score',
  'max_score',
  'correct',
  'questions',
  'time_spent_seconds',
  'started_at',
  'submitted_at',
] as const;

/** The results table as CSV or XLSX (column names in English, one row per student). */
export async function exportAssignmentResults(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
  format: 'csv' | 'xlsx',
  now: Date,
) {
  const { rows: results } = await getAssignmentResults(db, tenant, testId, assignmentId, now);
  const [test] = await db.select({ slug: tests.slug }).from(tests).where(eq(tests.id, testId));
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  const table = [
    [...EXPORT_COLUMNS],
    ...results.map((row) => [
      row.student.full_name ?? '',
      row.student.email,
      row.status,
      text(row.attempts_used),
      text(row.score),
      text(row.max_score),
      text(row.correct_count),
      text(row.question_count),
      text(row.time_spent_seconds),
      text(row.started_at),
      text(row.submitted_at),
    ]),
  ];
  const name = `results-${test?.slug ?? 'test'}-${assignmentId.slice(0, 8)}`;
  return format === 'csv'
    ? { bytes: writeCsv(table), contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` }
    : {
        bytes: writeXlsx([
          { name: 'Results', rows: table, widths: [28, 32, 14, 10, 10, 10, 10, 10, 12, 26, 26] },
        ]),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: `${name}.xlsx`,
      };
}

// ---------------------------------------------------------------- the learner's side

interface LearnerSqlRow {
  id: string;
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  test_title: string;
  test_title_en: string | null;
  test_slug: string;
  duration_minutes: number;
  question_count: number | null;
  opens_at: string;
  closes_at: string;
  cancelled_at: string | null;
  attempts_allowed: number;
  time_limit_minutes: number | null;
  answers_shown: AssignmentRow['answersShown'];
  /** Server-side only: never copied into a learner's answer. */
  access_code: string | null;
  allowed_ip_ranges: string[] | null;
  single_device: boolean;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  attempts_used: number;
  open_attempt_id: string | null;
  last_id: string | null;
  last_score: number | null;
  last_max: number | null;
  last_submitted_at: string | null;
}

/**
 * The assignments reaching a learner (not cancelled, in organizations they are an active student of, of
 * published tests), with their own attempts under each.
 */
async function assignmentsOfLearner(
  db: Db,
  userId: string,
  filter: { organizationSlug?: string; testSlug?: string },
): Promise<LearnerSqlRow[]> {
  return rows<LearnerSqlRow>(
    db,
    sql`select a.id, a.organization_id, o.name as organization_name, o.slug as organization_slug,
               t.title as test_title, t.title_en as test_title_en, t.slug as test_slug, t.duration_minutes,
               (select v.question_count from test_versions v
                 where v.test_id = t.id and v.version = t.published_version) as question_count,
               a.opens_at::text, a.closes_at::text, a.cancelled_at::text, a.attempts_allowed,
               a.time_limit_minutes, a.answers_shown, a.access_code, a.allowed_ip_ranges, a.single_device,
               a.shuffle_questions, a.shuffle_options,
               (select count(*)::int from attempts x where x.assignment_id = a.id and x.user_id = ${userId}) as attempts_used,
               (select x.id from attempts x where x.assignment_id = a.id and x.user_id = ${userId}
                  and x.status = 'in_progress' limit 1) as open_attempt_id,
               l.id as last_id, l.score_total as last_score, l.max_score as last_max,
               l.submitted_at::text as last_submitted_at
        from test_assignments a
        join organization_students os
          on os.organization_id = a.organization_id and os.user_id = ${userId} and os.status = 'active'
        join organizations o on o.id = a.organization_id
        join tests t on t.id = a.test_id and t.status = 'published'
        left join lateral (
          select x.id, x.score_total, x.max_score, x.submitted_at from attempts x
          where x.assignment_id = a.id and x.user_id = ${userId} and x.status = 'submitted'
          order by x.submitted_at desc limit 1
        ) l on true
        where a.cancelled_at is null
          ${filter.organizationSlug ? sql`and o.slug = ${filter.organizationSlug}` : sql``}
          ${filter.testSlug ? sql`and t.slug = ${filter.testSlug}` : sql``}
          and (exists (select 1 from test_assignment_students s where s.assignment_id = a.id and s.user_id = ${userId})
               or exists (select 1 from test_assignment_classes c
                            join class_students cs on cs.class_id = c.class_id and cs.user_id = ${userId}
                           where c.assignment_id = a.id))
        order by a.closes_at asc`,
  );
}

const ORDER: Record<AssignmentState, number> = { open: 0, upcoming: 1, closed: 2, cancelled: 3 };

function toLearner(row: LearnerSqlRow, now: Date): LearnerAssignment {
  const window = {
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
  };
  return {
    id: row.id,
    organization: { name: row.organization_name, slug: row.organization_slug },
    test: {
      title: row.test_title,
      title_en: row.test_title_en,
      slug: row.test_slug,
      duration_minutes: row.duration_minutes,
      question_count: Number(row.question_count ?? 0),
    },
    opens_at: window.opensAt.toISOString(),
    closes_at: window.closesAt.toISOString(),
    state: stateOf(window, now),
    attempts_allowed: row.attempts_allowed,
    attempts_used: Number(row.attempts_used),
    time_limit_minutes: row.time_limit_minutes,
    answers_shown: row.answers_shown,
    access_code_required: row.access_code !== null,
    single_device: row.single_device,
    open_attempt_id: row.open_attempt_id,
    last_result:
      row.last_id && row.last_submitted_at
        ? {
            id: row.last_id,
            score: row.last_score,
            max_score: row.last_max,
            submitted_at: new Date(row.last_submitted_at).toISOString(),
          }
        : null,
  };
}

export async function learnerAssignments(
  db: Db,
  userId: string,
  now: Date,
  organizationSlug?: string,
): Promise<LearnerAssignment[]> {
  return (await assignmentsOfLearner(db, userId, { organizationSlug }))
    .map((row) => toLearner(row, now))
    .sort((a, b) => ORDER[a.state] - ORDER[b.state]);
}

/** The assignment of one test that counts for a learner now: the open one, else the next, else the last. */
async function currentAssignment(
  db: Db,
  userId: string,
  organizationSlug: string,
  testSlug: string,
  now: Date,
) {
  const list = (await assignmentsOfLearner(db, userId, { organizationSlug, testSlug })).map((row) => ({
    row,
    view: toLearner(row, now),
  }));
  const pick =
    list
      .filter((entry) => entry.view.state === 'open')
      .sort((a, b) => b.view.opens_at.localeCompare(a.view.opens_at))[0] ??
    list.filter((entry) => entry.view.state === 'upcoming')[0] ??
    list.at(-1);
  if (!pick) {
    throw new AppError(404, 'NOT_FOUND', 'This test is not assigned to you', {
      test: ASSIGNMENT_KEYS.notAssigned,
    });
  }
  return pick;
}

export async function getLearnerAssignment(
  db: Db,
  userId: string,
  organizationSlug: string,
  testSlug: string,
  now: Date,
): Promise<LearnerAssignment> {
  return (await currentAssignment(db, userId, organizationSlug, testSlug, now)).view;
}

/**
 * Starts (or resumes) an attempt under the learner's assignment of the test: refused before the window
 * opens, after it closes and beyond the attempts allowed. The deadline is the time limit, cut at the
 * close time. Its delivery rules (issue 29): from an allowed address only, and a new attempt only with
 * the access code (resuming the open one does not ask again; one active device guards that).
 */
export async function startAssignedAttempt(
  db: Db,
  userId: string,
  organizationSlug: string,
  testSlug: string,
  now: Date,
  caller: Caller,
  accessCode?: string,
): Promise<{ id: string; resumed: boolean }> {
  const { row, view } = await currentAssignment(db, userId, organizationSlug, testSlug, now);
  if (view.state === 'upcoming') {
    throw new AppError(403, 'FORBIDDEN', 'This test is not open yet', { test: ASSIGNMENT_KEYS.notOpenYet });
  }
  if (view.state !== 'open') {
    throw new AppError(403, 'FORBIDDEN', 'This test is closed', { test: ASSIGNMENT_KEYS.closed });
  }
  if (!ipAllowed(row.allowed_ip_ranges, caller.ip)) throw ipRefused();
  if (!row.open_attempt_id) checkAccessCode(row.access_code, accessCode);
  return startAttempt(
    db,
    { organizationId: row.organization_id },
    userId,
    testSlug,
    { mode: 'full', section_ids: [], time_limit_minutes: null },
    now,
    {
      id: row.id,
      attemptsAllowed: row.attempts_allowed,
      minutes: row.time_limit_minutes,
      closesAt: new Date(row.closes_at),
      shuffleQuestions: row.shuffle_questions,
      shuffleOptions: row.shuffle_options,
    },
  );
}
