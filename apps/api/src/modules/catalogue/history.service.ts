import {
  ATTEMPT_GRACE_SECONDS,
  type AttemptSummary,
  type HistoryItem,
  type HistoryTest,
  type MyTestState,
  type Page,
} from '@prepwise/contract';
import { and, asc, countDistinct, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, exams, tests } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { hasTestAccess } from '../payments/payments.service';
import { findCataloguedTest, snapshotSections } from './catalogue.service';

type AttemptRow = typeof attempts.$inferSelect;

/** Attempt rows → summaries, with the names of the parts each covered (from its frozen version). */
export async function toSummaries(db: Db, rows: AttemptRow[]): Promise<AttemptSummary[]> {
  const sections = await snapshotSections(
    db,
    rows.map((row) => ({ testId: row.testId, version: row.testVersion })),
  );
  return rows.map((row) => {
    const byId = new Map(
      (sections.get(`${row.testId}:${row.testVersion}`) ?? []).map((section) => [section.id, section]),
    );
    const taken = row.sectionIds.flatMap((id) => {
      const section = byId.get(id);
      return section ? [section] : [];
    });
    return {
      id: row.id,
      mode: row.mode,
      status: row.status,
      started_at: row.startedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      time_spent_seconds: row.timeSpentSeconds,
      grading: row.grading,
      score_total: row.scoreTotal,
      max_score: row.maxScore,
      correct: row.correctCount,
      total: row.questionCount,
      parts: taken.map((section) => section.name),
      parts_en: taken.map((section) => section.name_en),
    };
  });
}

const newestFirst = [desc(attempts.startedAt), desc(attempts.id)];

/** The signed-in learner's attempts of a published test and whether they may start (or resume) one. */
export async function getMyTestState(db: Db, userId: string, slug: string, now: Date): Promise<MyTestState> {
  const test = await findCataloguedTest(db, slug);
  const rows = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, test.id)))
    .orderBy(...newestFirst);
  const summaries = await toSummaries(db, rows);
  const open = rows.find((row) => row.status === 'in_progress');
  const resumable =
    !!open && (!open.deadlineAt || open.deadlineAt.getTime() + ATTEMPT_GRACE_SECONDS * 1000 > now.getTime());
  const scores = rows
    .filter((row) => row.status === 'submitted' && row.scoreTotal !== null)
    .map((row) => row.scoreTotal as number);
  // Every attempt counts against the allowance, as when starting one (attempts module).
  const attemptsLeft = test.attemptsAllowed === null ? null : Math.max(0, test.attemptsAllowed - rows.length);
  let lockedReason: MyTestState['locked_reason'] = null;
  if (test.access === 'pack' && !(await hasTestAccess(db, userId, test.id, now)))
    lockedReason = 'pack_required';
  else if (!resumable && attemptsLeft === 0) lockedReason = 'attempts_exhausted';
  return {
    attempts: summaries,
    best_score: scores.length ? Math.max(...scores) : null,
    in_progress: open ? (summaries.find((summary) => summary.id === open.id) ?? null) : null,
    attempts_left: attemptsLeft,
    can_start: lockedReason === null,
    locked_reason: lockedReason,
  };
}

const testRefColumns = {
  id: tests.id,
  title: tests.title,
  titleEn: tests.titleEn,
  slug: tests.slug,
  examId: exams.id,
  examName: exams.name,
  examNameEn: exams.nameEn,
};

const toTestRef = (row: {
  id: string;
  title: string;
  titleEn: string | null;
  slug: string;
  examId: string;
  examName: string;
  examNameEn: string | null;
}) => ({
  id: row.id,
  title: row.title,
  title_en: row.titleEn,
  slug: row.slug,
  exam: { id: row.examId, name: row.examName, name_en: row.examNameEn },
});

/** The latest attempt of each of the learner's tests, optionally only submitted ones with a score. */
function latestPerTest(db: Db, userId: string, testIds: string[], scored: boolean) {
  const where: (SQL | undefined)[] = [eq(attempts.userId, userId), inArray(attempts.testId, testIds)];
  if (scored) where.push(eq(attempts.status, 'submitted'), sql`${attempts.scoreTotal} is not null`);
  return db
    .selectDistinctOn([attempts.testId])
    .from(attempts)
    .where(and(...where))
    .orderBy(attempts.testId, ...newestFirst);
}

/** Tests the learner has taken, the most recently active first. */
export async function listHistory(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number },
): Promise<Page<HistoryItem>> {
  const lastActivity = sql<Date>`max(coalesce(${attempts.submittedAt}, ${attempts.startedAt}))`;
  const [groups, [total]] = await Promise.all([
    db
      .select({
        testId: attempts.testId,
        attemptCount: sql<number>`count(*)::int`,
        bestScore: sql<
          number | null
        >`max(${attempts.scoreTotal}) filter (where ${attempts.status} = 'submitted')`,
        lastActivity,
      })
      .from(attempts)
      .where(eq(attempts.userId, userId))
      .groupBy(attempts.testId)
      .orderBy(desc(lastActivity), asc(attempts.testId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: countDistinct(attempts.testId) })
      .from(attempts)
      .where(eq(attempts.userId, userId)),
  ]);
  const testIds = groups.map((group) => group.testId);
  if (testIds.length === 0)
    return { items: [], page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
  const [refs, latest, latestScored] = await Promise.all([
    db
      .select(testRefColumns)
      .from(tests)
      .innerJoin(exams, eq(exams.id, tests.examId))
      .where(inArray(tests.id, testIds)),
    latestPerTest(db, userId, testIds, false),
    latestPerTest(db, userId, testIds, true),
  ]);
  const summaries = new Map(
    (await toSummaries(db, latest)).map((summary, i) => [latest[i]!.testId, summary]),
  );
  const refById = new Map(refs.map((ref) => [ref.id, toTestRef(ref)]));
  const scoredById = new Map(latestScored.map((row) => [row.testId, row]));
  return {
    items: groups.map((group) => {
      const scored = scoredById.get(group.testId);
      return {
        test: refById.get(group.testId)!,
        attempt_count: Number(group.attemptCount),
        best_score: group.bestScore === null ? null : Number(group.bestScore),
        latest_score: scored?.scoreTotal ?? null,
        max_score: scored?.maxScore ?? null,
        latest_attempt: summaries.get(group.testId)!,
        last_attempt_at: new Date(group.lastActivity).toISOString(),
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** Every attempt of one test by the learner, oldest first; 404 when they never took it. */
export async function getHistoryTest(db: Db, userId: string, testSlug: string): Promise<HistoryTest> {
  // Slugs are unique per owner: among the tests this learner took, the platform's wins a tie.
  const [ref] = await db
    .select(testRefColumns)
    .from(tests)
    .innerJoin(exams, eq(exams.id, tests.examId))
    .where(
      and(
        eq(tests.slug, testSlug),
        sql`exists (select 1 from "attempts" a where a.test_id = "tests"."id" and a.user_id = ${userId})`,
      ),
    )
    .orderBy(sql`${tests.organizationId} is not null`)
    .limit(1);
  if (!ref) throw notFound('You have not taken this test');
  const rows = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, ref.id)))
    .orderBy(asc(attempts.startedAt), asc(attempts.id));
  return { test: toTestRef(ref), attempts: await toSummaries(db, rows) };
}
