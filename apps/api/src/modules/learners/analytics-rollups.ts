import { ANALYTICS_MAX_DAYS } from '@prepwise/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The analytics' daily rollups (decision 022): per UTC day of an attempt's start and test, the figures
 * the platform-wide analytics read (db/schema/analytics.ts). A deferred trigger on `attempts` (migration
 * 0032) appends a mark of the day and test to `analytics_pending` at the commit of any change to one of
 * their attempts (start, submit, a late submit of an attempt started days before, an essay mark, a deletion); this
 * module recomputes a marked day and test from `attempts` and `attempt_answers`, so a rollup is always
 * the direct count of its day, never a running sum that could drift. What derives from a day's learner
 * rows (learners by their previous active day, the organizations' attempts: migration 0035) is recomputed
 * after, from those rows, for the days and tests marked `derived` (by a recompute here, or by a learner
 * joining or leaving an organization).
 */

/** The queue of the job that recomputes marked days (every minute; after the upgrade, the backfill). */
export const ROLLUP_QUEUE = 'analytics-rollups.refresh';

/** Days and tests recomputed per transaction. */
const BATCH = 25;
/** Days and tests whose derived rows only (no attempt read) are recomputed per transaction. */
const DERIVED_BATCH = 500;
/**
 * How far back a learner's previous active day is kept (`analytics_learner_returns`): a range's first day
 * is at most this many days before any of its days, so an older previous day counts as none.
 */
const REACH = ANALYTICS_MAX_DAYS - 1;

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

/**
 * Replaces the rollup rows of the pairs by their direct counts (inside the caller's transaction), and marks
 * what derives from their learner rows (`derived`, recomputed by `recomputeDerived`): the pairs themselves,
 * and for each learner who appeared on or vanished from a pair's day, their next active day (any test, and
 * at that test), whose previous active day that changed. The next days are looked up in the learner rows
 * as they were (the statement's snapshot) outside the batch (its days, for any test; its pairs, for one
 * test), which is where they are unchanged; a next day inside the batch is marked as one of its pairs.
 */
async function recompute(db: Db, pairs: Pair[]): Promise<void> {
  for (const table of [
    'analytics_test_days',
    'analytics_part_days',
    'analytics_question_days',
    'analytics_learner_part_days',
    'analytics_learner_type_days',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} r using ${pairsOf(pairs)}
      where r.day = p.day and r.test_id = p.test_id`);
  }
  await db.execute(sql`insert into analytics_test_days (day, test_id, attempts, submitted, scored, percent_sum, buckets)
    select s.day, s.test_id, count(*), count(*) filter (where s.status = 'submitted'), count(s.percent),
      sum(s.percent), array[${BUCKETS}]::int[]
    from ${attemptsOf(pairs)} s group by s.day, s.test_id`);
  const days = `{${[...new Set(pairs.map((p) => p.day))].join(',')}}`;
  await db.execute(sql`with old as (
      delete from analytics_learner_days r using ${pairsOf(pairs)}
      where r.day = p.day and r.test_id = p.test_id
      returning r.day, r.test_id, r.user_id
    ), fresh as (
      insert into analytics_learner_days (day, test_id, user_id, organization_id, attempts, submitted, scored,
        percent_sum, buckets)
      select s.day, s.test_id, s.user_id, s.organization_id, count(*), count(*) filter (where s.status = 'submitted'),
        count(s.percent), sum(s.percent), array[${BUCKETS}]::int[]
      from ${attemptsOf(pairs)} s group by s.day, s.test_id, s.user_id, s.organization_id
      returning day, test_id, user_id
    ), changed as (
      (select day, test_id, user_id from old except select day, test_id, user_id from fresh)
      union (select day, test_id, user_id from fresh except select day, test_id, user_id from old)
    )
    insert into analytics_pending (day, test_id, derived)
    select p.day, p.test_id, true from ${pairsOf(pairs)}
    union
    select n.day, n.test_id, true from changed c cross join lateral (
      select d.day, d.test_id from analytics_learner_days d
      where d.user_id = c.user_id and d.day > c.day and d.day <= c.day + ${REACH}::int
        and d.day <> all(${days}::date[])
      order by d.day limit 1
    ) n
    union
    select n.day, c.test_id, true from changed c cross join lateral (
      select d.day from analytics_learner_days d
      where d.user_id = c.user_id and d.test_id = c.test_id and d.day > c.day and d.day <= c.day + ${REACH}::int
        and not exists (select from ${pairsOf(pairs)} where p.day = d.day and p.test_id = d.test_id)
      order by d.day limit 1
    ) n`);
  await db.execute(sql`insert into analytics_learner_part_days (day, test_id, user_id, organization_id, name,
      section_id, correct, graded)
    select s.day, s.test_id, s.user_id, s.organization_id, r.name, r.section_id, sum(r.correct), sum(r.graded)
    from ${attemptsOf(pairs)} s
      cross join lateral (
        select e->>'name' as name, (e->>'correct')::int as correct,
          (e->>'total')::int - coalesce((e->>'pending')::int, 0) as graded,
          case when e->>'section_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then (e->>'section_id')::uuid end as section_id
        from jsonb_array_elements(coalesce(s.result->'parts', '[]'::jsonb)) e
      ) r
    where s.status = 'submitted'
    group by s.day, s.test_id, s.user_id, s.organization_id, r.name, r.section_id`);
  await db.execute(sql`insert into analytics_part_days (day, test_id, name, section_id, correct, graded)
    select r.day, r.test_id, r.name, r.section_id, sum(r.correct), sum(r.graded)
    from analytics_learner_part_days r join ${pairsOf(pairs)} on r.day = p.day and r.test_id = p.test_id
    group by r.day, r.test_id, r.name, r.section_id`);
  // The graded answers are read once: per question (the platform's rows, the type looked up when read)
  // and per learner and question type (an organization's rows, summed over its students when read).
  await db.execute(sql`with answers as materialized (
      select s.day, s.test_id, s.user_id, s.organization_id, aa.question_id, aa.outcome = 'correct' as correct
      from ${attemptsOf(pairs)} s
        join attempt_answers aa on aa.attempt_id = s.id and aa.outcome in ('correct', 'partial', 'wrong', 'skipped')
      where s.status = 'submitted'
    ), per_question as (
      insert into analytics_question_days (day, test_id, question_id, correct, total)
      select a.day, a.test_id, a.question_id, count(*) filter (where a.correct), count(*)
      from answers a group by a.day, a.test_id, a.question_id
    )
    insert into analytics_learner_type_days (day, test_id, user_id, organization_id, question_type_id, correct, total)
    select a.day, a.test_id, a.user_id, a.organization_id, q.question_type_id, count(*) filter (where a.correct), count(*)
    from answers a join questions q on q.id = a.question_id and q.question_type_id is not null
    group by a.day, a.test_id, a.user_id, a.organization_id, q.question_type_id`);
}

/**
 * Recomputes what derives from the pairs' learner rows (inside the caller's transaction): their learners
 * by previous active day (per test, and for their days any test) and their organizations' attempts.
 */
async function recomputeDerived(db: Db, pairs: Pair[]): Promise<void> {
  const days = `{${[...new Set(pairs.map((p) => p.day))].join(',')}}`;
  await db.execute(sql`delete from analytics_learner_returns r
    where r.test_id is null and r.day = any(${days}::date[])`);
  await db.execute(sql`delete from analytics_learner_returns r using ${pairsOf(pairs)}
    where r.day = p.day and r.test_id = p.test_id`);
  await db.execute(sql`delete from analytics_organization_days r using ${pairsOf(pairs)}
    where r.day = p.day and r.test_id = p.test_id`);
  await db.execute(sql`insert into analytics_learner_returns (day, test_id, previous_day, learners)
    select l.day, null, b.day, count(*)
    from (select distinct r.day, r.user_id from analytics_learner_days r where r.day = any(${days}::date[])) l
    left join lateral (
      select d.day from analytics_learner_days d
      where d.user_id = l.user_id and d.day < l.day and d.day >= l.day - ${REACH}::int
      order by d.day desc limit 1
    ) b on true
    group by l.day, b.day`);
  await db.execute(sql`insert into analytics_learner_returns (day, test_id, previous_day, learners)
    select l.day, l.test_id, b.day, count(*)
    from (
      select distinct r.day, r.test_id, r.user_id from analytics_learner_days r
      join ${pairsOf(pairs)} on r.day = p.day and r.test_id = p.test_id
    ) l
    left join lateral (
      select d.day from analytics_learner_days d
      where d.user_id = l.user_id and d.test_id = l.test_id and d.day < l.day and d.day >= l.day - ${REACH}::int
      order by d.day desc limit 1
    ) b on true
    group by l.day, l.test_id, b.day`);
  await db.execute(sql`insert into analytics_organization_days (day, test_id, organization_id, attempts)
    select r.day, r.test_id, os.organization_id, sum(r.attempts)
    from analytics_learner_days r
    join ${pairsOf(pairs)} on r.day = p.day and r.test_id = p.test_id
    join organization_students os on os.user_id = r.user_id
      and (r.organization_id is null or r.organization_id = os.organization_id)
    group by r.day, r.test_id, os.organization_id`);
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
 * never wait on a refresh (a membership change waits for the batch running at its commit: migration 0035).
 * The days and tests marked by attempts go first; then those whose derived rows only are marked (by the
 * first, or by a membership change), many per batch, each once however many marks it has. Answers how
 * many days and tests it recomputed from their attempts (`limit` counts those).
 */
export async function refreshRollups(db: Db, scope: RollupScope = {}): Promise<number> {
  const range = sql`${scope.from ? sql`and day >= ${scope.from}::date` : sql``}
    ${scope.to ? sql`and day <= ${scope.to}::date` : sql``}`;
  const next = (tx: Db, derived: boolean, size: number) =>
    rows<Pair>(
      tx,
      sql`select distinct to_char(day, 'YYYY-MM-DD') as day, test_id from analytics_pending
        where derived = ${derived} ${range} order by 1, 2 limit ${size}`,
    );
  let done = 0;
  for (;;) {
    const size = Math.min(BATCH, (scope.limit ?? Number.POSITIVE_INFINITY) - done);
    if (size <= 0) return done;
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
      const marks = await next(tx as unknown as Db, false, size);
      if (marks.length === 0) return 0;
      await tx.execute(sql`delete from analytics_pending r using ${pairsOf(marks)}
        where r.day = p.day and r.test_id = p.test_id and not r.derived`);
      await recompute(tx as unknown as Db, marks);
      return marks.length;
    });
    if (batch === 0) break;
    done += batch;
  }
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
      const marks = await next(tx as unknown as Db, true, DERIVED_BATCH);
      if (marks.length === 0) return 0;
      await tx.execute(sql`delete from analytics_pending r using ${pairsOf(marks)}
        where r.day = p.day and r.test_id = p.test_id and r.derived`);
      await recomputeDerived(tx as unknown as Db, marks);
      return marks.length;
    });
    if (batch === 0) return done;
  }
}

/**
 * What waits in a range: days and tests marked by attempts and the attempts a recompute of them would read,
 * and the days and tests whose derived rows only wait (recomputed from the learner rows: no attempt read).
 */
export async function pendingRollups(
  db: Db,
  from: string,
  to: string,
): Promise<{ pairs: number; attempts: number; derived: number }> {
  const [row] = await rows<{ pairs: number; attempts: number; derived: number }>(
    db,
    sql`select count(*) filter (where not m.derived)::int as pairs, coalesce(sum((
          select count(*) from attempts a where a.test_id = m.test_id
            and a.started_at >= m.day::timestamp at time zone 'UTC'
            and a.started_at < (m.day + 1)::timestamp at time zone 'UTC'
        )) filter (where not m.derived), 0)::int as attempts,
        count(*) filter (where m.derived)::int as derived
      from (select day, test_id, bool_and(derived) as derived from analytics_pending
        where day >= ${from}::date and day <= ${to}::date group by day, test_id) m`,
  );
  return row ?? { pairs: 0, attempts: 0, derived: 0 };
}
