import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The analytics' daily rollups (decision 022): per UTC day of an attempt's start and test, the figures
 * the platform-wide analytics read (db/schema/analytics.ts). A deferred trigger on `attempts` (migration
 * 0032) appends a mark of the day and test to `analytics_pending` at the commit of any change to one of
 * their attempts (start, submit, a late submit of an attempt started days before, an essay mark, a deletion); this
 * module recomputes a marked day and test from `attempts` and `attempt_answers`, so a rollup is always
 * the direct count of its day, never a running sum that could drift.
 */

/** The queue of the job that recomputes marked days (every minute; after the upgrade, the backfill). */
export const ROLLUP_QUEUE = 'analytics-rollups.refresh';

/** Days and tests recomputed per transaction. */
const BATCH = 25;

/** A day and test whose rollups are recomputed. */
interface Pair {
  day: string;
  test_id: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const pairsOf = (pairs: Pair[]) =>
  sql`unnest(${`{${pairs.map((p) => p.day).join(',')}}`}::date[], ${`{${pairs.map((p) => p.test_id).join(',')}}`}::uuid[]) as p(day, test_id)`;

/** The attempts of the pairs, with their day and correct-answer percentage (as the direct analytics). */
const attemptsOf = (pairs: Pair[]) => sql`(select p.day, a.id, a.user_id, a.test_id, a.organization_id,
    a.status, a.result,
    case when a.status = 'submitted' and a.question_count > 0 then 100.0 * a.correct_count / a.question_count end as percent
  from ${pairsOf(pairs)}
  join attempts a on a.test_id = p.test_id
    and a.started_at >= p.day::timestamp at time zone 'UTC'
    and a.started_at < (p.day + 1)::timestamp at time zone 'UTC')`;

const BUCKETS = sql.raw(
  Array.from(
    { length: 10 },
    (_, bucket) =>
      `count(*) filter (where s.percent is not null and least(floor(s.percent / 10), 9) = ${bucket})`,
  ).join(', '),
);

/** Replaces the rollup rows of the pairs by their direct counts (inside the caller's transaction). */
async function recompute(db: Db, pairs: Pair[]): Promise<void> {
  for (const table of [
    'analytics_test_days',
    'analytics_learner_days',
    'analytics_part_days',
    'analytics_question_days',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} r using ${pairsOf(pairs)}
      where r.day = p.day and r.test_id = p.test_id`);
  }
  await db.execute(sql`insert into analytics_test_days (day, test_id, attempts, submitted, scored, percent_sum, buckets)
    select s.day, s.test_id, count(*), count(*) filter (where s.status = 'submitted'), count(s.percent),
      sum(s.percent), array[${BUCKETS}]::int[]
    from ${attemptsOf(pairs)} s group by s.day, s.test_id`);
  await db.execute(sql`insert into analytics_learner_days (day, test_id, user_id, organization_id, attempts)
    select s.day, s.test_id, s.user_id, s.organization_id, count(*)
    from ${attemptsOf(pairs)} s group by s.day, s.test_id, s.user_id, s.organization_id`);
  await db.execute(sql`insert into analytics_part_days (day, test_id, name, section_id, correct, graded)
    select s.day, s.test_id, r.name, r.section_id, sum(r.correct), sum(r.graded)
    from ${attemptsOf(pairs)} s
      cross join lateral (
        select e->>'name' as name, (e->>'correct')::int as correct,
          (e->>'total')::int - coalesce((e->>'pending')::int, 0) as graded,
          case when e->>'section_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then (e->>'section_id')::uuid end as section_id
        from jsonb_array_elements(coalesce(s.result->'parts', '[]'::jsonb)) e
      ) r
    where s.status = 'submitted'
    group by s.day, s.test_id, r.name, r.section_id`);
  await db.execute(sql`insert into analytics_question_days (day, test_id, question_id, correct, total)
    select s.day, s.test_id, aa.question_id, count(*) filter (where aa.outcome = 'correct'), count(*)
    from ${attemptsOf(pairs)} s
      join attempt_answers aa on aa.attempt_id = s.id and aa.outcome in ('correct', 'partial', 'wrong', 'skipped')
    where s.status = 'submitted'
    group by s.day, s.test_id, aa.question_id`);
}

export interface RollupScope {
  /** Only marks of these days (inclusive, `YYYY-MM-DD`). */
  from?: string;
  to?: string;
  /** Stop after this many days and tests. */
  limit?: number;
}

/** The advisory lock that keeps two refreshes from recomputing the same day at once (one at a time). */
const REFRESH_LOCK = 0x616e_6c79; // "anly"

/**
 * Recomputes marked days and tests, a batch per transaction, one refresh at a time (an advisory lock:
 * two recomputing one day at once would each insert its rows). The batch's marks are deleted first, then
 * its days recomputed: every change those marks stood for was committed before the delete, so the
 * recompute sees it; a mark committed meanwhile is not deleted and brings its day back next time. Writers
 * never wait on a refresh. Answers how many days and tests it recomputed.
 */
export async function refreshRollups(db: Db, scope: RollupScope = {}): Promise<number> {
  const range = sql`${scope.from ? sql`and day >= ${scope.from}::date` : sql``}
    ${scope.to ? sql`and day <= ${scope.to}::date` : sql``}`;
  let done = 0;
  for (;;) {
    const size = Math.min(BATCH, (scope.limit ?? Number.POSITIVE_INFINITY) - done);
    if (size <= 0) return done;
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
      const marks = await rows<Pair>(
        tx as unknown as Db,
        sql`select distinct to_char(day, 'YYYY-MM-DD') as day, test_id from analytics_pending
          where true ${range} order by 1, 2 limit ${size}`,
      );
      if (marks.length === 0) return 0;
      await tx.execute(sql`delete from analytics_pending r using ${pairsOf(marks)}
        where r.day = p.day and r.test_id = p.test_id`);
      await recompute(tx as unknown as Db, marks);
      return marks.length;
    });
    if (batch === 0) return done;
    done += batch;
  }
}

/** What waits in a range: marked days and tests, and the attempts a recompute of them would read. */
export async function pendingRollups(
  db: Db,
  from: string,
  to: string,
): Promise<{ pairs: number; attempts: number }> {
  const [row] = await rows<{ pairs: number; attempts: number }>(
    db,
    sql`select count(*)::int as pairs, coalesce(sum((
          select count(*) from attempts a where a.test_id = m.test_id
            and a.started_at >= m.day::timestamp at time zone 'UTC'
            and a.started_at < (m.day + 1)::timestamp at time zone 'UTC'
        )), 0)::int as attempts
      from (select distinct day, test_id from analytics_pending
        where day >= ${from}::date and day <= ${to}::date) m`,
  );
  return row ?? { pairs: 0, attempts: 0 };
}
