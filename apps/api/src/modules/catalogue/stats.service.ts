import type { TestStats } from '@prepwise/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, tests, testVersions, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { snapshotSections } from './catalogue.service';
import { toSummaries } from './history.service';

const RECENT = 10;
const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(Number(value) * 10 ** digits) / 10 ** digits;

/** Attempt statistics of one of the tenant's tests, for its detail page in the back office. */
export async function getTestStats(db: Db, tenant: Tenant, testId: string): Promise<TestStats> {
  const [test] = await db
    .select({ id: tests.id, publishedVersion: tests.publishedVersion })
    .from(tests)
    .where(and(eq(tests.id, testId), ownedBy(tests.organizationId, tenant)));
  if (!test) throw notFound('Test not found');

  const submittedFull = sql`${attempts.status} = 'submitted' and ${attempts.mode} = 'full' and ${attempts.scoreTotal} is not null`;
  const [[totals], partRows, recentRows, [latestVersion]] = await Promise.all([
    db
      .select({
        attemptCount: sql<number>`count(*)::int`,
        learnerCount: sql<number>`count(distinct ${attempts.userId})::int`,
        submittedCount: sql<number>`(count(*) filter (where ${attempts.status} = 'submitted'))::int`,
        inProgressCount: sql<number>`(count(*) filter (where ${attempts.status} = 'in_progress'))::int`,
        averageScore: sql<number | null>`avg(${attempts.scoreTotal}) filter (where ${submittedFull})`,
        bestScore: sql<number | null>`max(${attempts.scoreTotal}) filter (where ${submittedFull})`,
        averageTime: sql<
          number | null
        >`avg(${attempts.timeSpentSeconds}) filter (where ${attempts.status} = 'submitted')`,
      })
      .from(attempts)
      .where(eq(attempts.testId, testId)),
    // Per-part results as stored at submission, added up over every submitted attempt (full or practice).
    db
      .select({
        sectionId: sql<string>`p.value->>'section_id'`,
        name: sql<string>`max(p.value->>'name')`,
        correct: sql<number>`coalesce(sum((p.value->>'correct')::int), 0)::int`,
        total: sql<number>`coalesce(sum((p.value->>'total')::int), 0)::int`,
      })
      .from(attempts)
      .innerJoin(
        sql`lateral jsonb_array_elements(coalesce(${attempts.result}->'parts', '[]'::jsonb)) as p(value)`,
        sql`true`,
      )
      .where(and(eq(attempts.testId, testId), eq(attempts.status, 'submitted')))
      .groupBy(sql`p.value->>'section_id'`),
    db
      .select({ attempt: attempts, learner: { id: users.id, fullName: users.fullName, email: users.email } })
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.userId))
      .where(eq(attempts.testId, testId))
      .orderBy(desc(attempts.startedAt), desc(attempts.id))
      .limit(RECENT),
    db
      .select({ version: sql<number | null>`max(${testVersions.version})` })
      .from(testVersions)
      .where(eq(testVersions.testId, testId)),
  ]);

  // Parts in the order of the current (or latest) published version, then any only older versions had.
  const version =
    test.publishedVersion ?? (latestVersion?.version === null ? null : Number(latestVersion?.version));
  const sections = version
    ? ((await snapshotSections(db, [{ testId, version }])).get(`${testId}:${version}`) ?? [])
    : [];
  const byId = new Map(partRows.map((row) => [row.sectionId, row]));
  const rate = (id: string) => {
    const row = byId.get(id);
    return row && Number(row.total) > 0 ? round(Number(row.correct) / Number(row.total), 4) : null;
  };
  const parts = [
    ...sections.map((section) => ({
      section_id: section.id,
      name: section.name,
      correct_rate: rate(section.id),
    })),
    ...partRows
      .filter((row) => !sections.some((section) => section.id === row.sectionId))
      .map((row) => ({ section_id: row.sectionId, name: row.name, correct_rate: rate(row.sectionId) })),
  ];

  const summaries = await toSummaries(
    db,
    recentRows.map((row) => row.attempt),
  );
  return {
    attempt_count: Number(totals?.attemptCount ?? 0),
    learner_count: Number(totals?.learnerCount ?? 0),
    submitted_count: Number(totals?.submittedCount ?? 0),
    in_progress_count: Number(totals?.inProgressCount ?? 0),
    average_score: round(totals?.averageScore ?? null, 1),
    best_score:
      totals?.bestScore === null || totals?.bestScore === undefined ? null : Number(totals.bestScore),
    average_time_seconds: round(totals?.averageTime ?? null, 0),
    parts,
    recent: summaries.map((summary, index) => {
      const learner = recentRows[index]!.learner;
      return { ...summary, learner: { id: learner.id, full_name: learner.fullName, email: learner.email } };
    }),
  };
}
