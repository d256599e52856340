import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type Analytics,
  type AnalyticsOptions,
  type analyticsQuerySchema,
  PEOPLE_KEYS,
} from '@prepwise/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import type { Tenant } from '../../tenancy/tenant';
import { pendingRollups, refreshRollups } from './analytics-rollups';

type Query = z.output<typeof analyticsQuerySchema>;

/** How many classes the progress chart draws, and rows the "weakest" lists hold. */
const PROGRESS_SERIES = 5;
const WEAKEST_ROWS = 8;
const DAY_MS = 86_400_000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

interface Filter {
  from: string;
  to: string;
  /** The organization whose students count (the educator's, or the admin's filter); null: everyone. */
  organizationId: string | null;
  classId: string | null;
  testId: string | null;
}

/** Days are UTC calendar days; `to` is inclusive. A reversed or over-long range is a 422 naming `from`. */
function resolveFilter(tenant: Tenant, query: Query, now: Date): Filter {
  const to = query.to ?? dayOf(now);
  const from =
    query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(days) || days < 0 || days >= ANALYTICS_MAX_DAYS) {
    throw validationFailed({ from: PEOPLE_KEYS.rangeInvalid });
  }
  return {
    from,
    to,
    organizationId: tenant.organizationId ?? query.organization_id ?? null,
    classId: query.class_id ?? null,
    testId: query.test_id ?? null,
  };
}

/**
 * The attempts an analytics request counts, as a subquery (`percent`: the share of correct answers of a
 * submitted attempt, comparable across tests whose scaled scores are not): started in the range; in an organization's
 * view (the portal, or the admin's organization filter) those of its students at its own tests and the
 * platform's (never another organization's, as the student page); the class and test filters.
 */
function scopedAttempts(filter: Filter): SQL {
  const organization = filter.organizationId
    ? sql`join organization_students os on os.user_id = a.user_id and os.organization_id = ${filter.organizationId}
          and (a.organization_id is null or a.organization_id = ${filter.organizationId})`
    : sql``;
  const klass = filter.classId
    ? sql`join class_students cs on cs.user_id = a.user_id and cs.class_id = ${filter.classId}`
    : sql``;
  const test = filter.testId ? sql`and a.test_id = ${filter.testId}` : sql``;
  return sql`(select a.id, a.user_id, a.test_id, a.status, a.started_at, a.result,
      case when a.status = 'submitted' and a.question_count > 0 then 100.0 * a.correct_count / a.question_count end as percent
    from attempts a ${organization} ${klass}
    where a.started_at >= ${filter.from}::date and a.started_at < ${filter.to}::date + 1 ${test})`;
}

/** The class filter must name a class of the organization in view (an admin must pick the organization). */
async function assertClass(db: Db, filter: Filter) {
  if (!filter.classId) return;
  const found = filter.organizationId
    ? await rows<{ id: string }>(
        db,
        sql`select id from classes where id = ${filter.classId} and organization_id = ${filter.organizationId}`,
      )
    : [];
  if (found.length === 0) throw validationFailed({ class_id: PEOPLE_KEYS.classUnknown });
}

/** The test filter must name a test the view may see (an organization: its own or the platform's). */
async function assertTest(db: Db, filter: Filter) {
  if (!filter.testId) return;
  const owner = filter.organizationId
    ? sql`and (organization_id is null or organization_id = ${filter.organizationId})`
    : sql``;
  const found = await rows<{ id: string }>(
    db,
    sql`select id from tests where id = ${filter.testId} ${owner}`,
  );
  if (found.length === 0) throw validationFailed({ test_id: PEOPLE_KEYS.testUnknown });
}

/**
 * A platform-wide request recomputes the marked days and tests of its range itself (so it reads exact
 * figures) when they hold at most this many attempts: what a few minutes of ordinary traffic leave.
 */
export const SYNC_REFRESH_ATTEMPTS = 500;
/** More marked days and tests than this in the range (the backfill after the upgrade): count directly. */
const DIRECT_ABOVE_PAIRS = 60;

type Weakest = { name: string; name_en: string | null; correct: number; total: number; percent: number };

/** The figures both sources give: the attempts of the scope read directly, or the daily rollups. */
interface Figures {
  totals: { attempts: number; submitted: number; learners: number; average: number | null } | undefined;
  perDay: { date: string; attempts: number; submitted: number }[];
  active: { week: string; learners: number }[];
  chosen: { id: string; title: string } | undefined;
  buckets: { bucket: number; count: number }[];
  classes: { id: string; name: string }[];
  overall: { week: string; value: number }[];
  byClass: { week: string; class_id: string; value: number }[];
  weakestParts: Weakest[];
  weakestTypes: Weakest[];
  mostActive: () => Promise<{ id: string; name: string; attempts: number }[]>;
}

/**
 * The analytics of a scope. The platform-wide view (no organization) reads the daily rollups
 * (analytics-rollups.ts, decision 022), after recomputing the days of its range still marked when that is
 * cheap (`rollupsUsable`); while most of the range waits (the backfill after an upgrade) it counts directly. An
 * organization's view (and a class's) sums its students' learner rollups, "its students" being today's
 * membership joined when read (`studentRollupFigures`), under the same rule. `direct` forces the direct
 * count (tests compare the two).
 */
export async function getAnalytics(
  db: Db,
  tenant: Tenant,
  query: Query,
  now: Date,
  options: { direct?: boolean; syncAttempts?: number } = {},
): Promise<Analytics> {
  const filter = resolveFilter(tenant, query, now);
  await assertClass(db, filter);
  await assertTest(db, filter);
  const usable =
    !options.direct && (await rollupsUsable(db, filter, options.syncAttempts ?? SYNC_REFRESH_ATTEMPTS));
  let figures: Figures;
  if (!usable) figures = await directFigures(db, filter);
  else if (filter.organizationId === null) figures = await rollupFigures(db, filter);
  else figures = await studentRollupFigures(db, filter, filter.organizationId);
  return assemble(db, tenant, filter, figures);
}

/**
 * Before the rollups are read: the range's marked days and tests are recomputed here if they hold few
 * attempts (the figures are then exact); if they hold more (a burst of submissions today), the rollups are
 * read as the job last left them, at most a minute behind, rather than making the page wait for a recount;
 * if most of the range waits (the backfill after the upgrade), the request counts directly.
 */
async function rollupsUsable(db: Db, filter: Filter, syncAttempts: number): Promise<boolean> {
  const pending = await pendingRollups(db, filter.from, filter.to);
  if (pending.pairs === 0 && pending.derived === 0) return true;
  if (pending.pairs > DIRECT_ABOVE_PAIRS) return false;
  if (pending.attempts <= syncAttempts) await refreshRollups(db, { from: filter.from, to: filter.to });
  return true;
}

/**
 * The weakest parts of part rollup rows (`source`, aliased `r`, already filtered): correct over graded
 * answers per part name, whose English name is its exam structure's.
 */
function weakestPartsOf(db: Db, source: SQL) {
  return rows<Weakest>(
    db,
    sql`select r.name, max(ef.name_en) as name_en, sum(r.correct)::int as correct, sum(r.graded)::int as total,
        round(100.0 * sum(r.correct) / sum(r.graded), 1)::float8 as percent
      from ${source}
        left join test_sections ts on ts.id = r.section_id
        left join exam_formats ef on ef.id = ts.format_id
      group by r.name having sum(r.graded) > 0
      order by percent, r.name limit ${WEAKEST_ROWS}`,
  );
}

/** The five organizations whose students started the most attempts in the range (the admin's figures). */
function organizationDaysMostActive(db: Db, filter: Filter) {
  const test = filter.testId ? sql`and r.test_id = ${filter.testId}` : sql``;
  return rows<{ id: string; name: string; attempts: number }>(
    db,
    sql`select o.id, o.name, sum(r.attempts)::int as attempts
        from analytics_organization_days r join organizations o on o.id = r.organization_id
        where r.day >= ${filter.from}::date and r.day <= ${filter.to}::date ${test}
        group by o.id, o.name order by attempts desc, o.name limit 5`,
  );
}

/**
 * The figures from the daily rollups (the platform-wide view: no organization, so no class either). The
 * queries are independent, so on PostgreSQL they run side by side on the pool. Learners come from
 * `analytics_learner_returns`, none from a learner's own rows: the learners active over days `a`…`b` are
 * the rows of those days whose previous active day is before `a` (each learner's first day there).
 */
async function rollupFigures(db: Db, filter: Filter): Promise<Figures> {
  const range = sql`r.day >= ${filter.from}::date and r.day <= ${filter.to}::date`;
  const test = filter.testId ? sql`and r.test_id = ${filter.testId}` : sql``;
  const returns = sql`analytics_learner_returns r where ${range}
    and ${filter.testId ? sql`r.test_id = ${filter.testId}` : sql`r.test_id is null`}`;
  const weeks = sql`generate_series(date_trunc('week', ${filter.from}::date), ${filter.to}::date, interval '7 days')`;
  const chosenTest = filter.testId
    ? sql`select id, title from tests where id = ${filter.testId}`
    : sql`select t.id, t.title from analytics_test_days r join tests t on t.id = r.test_id
        where ${range} group by t.id, t.title having sum(r.scored) > 0
        order by sum(r.scored) desc, t.title limit 1`;

  const mostActive = organizationDaysMostActive(db, filter);
  mostActive.catch(() => undefined); // awaited by the platform figures; a failure surfaces there
  const [[sums], [learners], perDay, active, [chosen], overall, weakestParts, weakestTypes] =
    await Promise.all([
      rows<{ attempts: number; submitted: number; average: number | null }>(
        db,
        sql`select coalesce(sum(r.attempts), 0)::int as attempts, coalesce(sum(r.submitted), 0)::int as submitted,
          round(sum(r.percent_sum) / nullif(sum(r.scored), 0), 1)::float8 as average
        from analytics_test_days r where ${range} ${test}`,
      ),
      rows<{ learners: number }>(
        db,
        sql`select coalesce(sum(r.learners) filter (
            where r.previous_day is null or r.previous_day < ${filter.from}::date), 0)::int as learners
          from ${returns}`,
      ),
      rows<Figures['perDay'][number]>(
        db,
        sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.attempts, 0)::int as attempts,
          coalesce(c.submitted, 0)::int as submitted
        from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') d
        left join (
          select r.day, sum(r.attempts) as attempts, sum(r.submitted) as submitted
          from analytics_test_days r where ${range} ${test} group by r.day
        ) c on c.day = d::date
        order by d`,
      ),
      rows<Figures['active'][number]>(
        db,
        sql`select to_char(w, 'YYYY-MM-DD') as week, coalesce(c.learners, 0)::int as learners
        from ${weeks} w
        left join (
          select date_trunc('week', r.day::timestamp) as week, sum(r.learners) filter (
            where r.previous_day is null
              or r.previous_day < greatest(date_trunc('week', r.day::timestamp)::date, ${filter.from}::date)
          ) as learners
          from ${returns} group by 1
        ) c on c.week = w
        order by w`,
      ),
      rows<{ id: string; title: string }>(db, chosenTest),
      rows<Figures['overall'][number]>(
        db,
        sql`select to_char(date_trunc('week', r.day::timestamp), 'YYYY-MM-DD') as week,
          round(sum(r.percent_sum) / sum(r.scored), 1)::float8 as value
        from analytics_test_days r where ${range} ${test} group by 1 having sum(r.scored) > 0`,
      ),
      weakestPartsOf(db, sql`(select * from analytics_part_days r where ${range} ${test}) r`),
      rows<Weakest>(
        db,
        sql`select qt.name, max(qt.name_en) as name_en, sum(r.correct)::int as correct, sum(r.total)::int as total,
          round(100.0 * sum(r.correct) / sum(r.total), 1)::float8 as percent
        from analytics_question_days r
        join questions q on q.id = r.question_id
        join question_types qt on qt.id = q.question_type_id
        where ${range} ${test}
        group by qt.name order by percent, qt.name limit ${WEAKEST_ROWS}`,
      ),
    ]);
  const buckets = chosen
    ? await rows<{ bucket: number; count: number }>(
        db,
        sql`select (b.i - 1)::int as bucket, sum(b.n)::int as count
          from analytics_test_days r cross join lateral unnest(r.buckets) with ordinality as b(n, i)
          where ${range} and r.test_id = ${chosen.id} group by b.i having sum(b.n) > 0`,
      )
    : [];
  return {
    totals: sums && learners ? { ...sums, learners: learners.learners } : undefined,
    perDay,
    active,
    chosen,
    buckets,
    classes: [],
    overall,
    byClass: [],
    weakestParts,
    weakestTypes,
    mostActive: () => mostActive,
  };
}

/**
 * An organization's figures (the portal, or the admin's organization filter) from its students' learner
 * rollups (decision 022, second amendment): the rows of today's students (of the class, if filtered) at
 * the platform's tests and the organization's own, joined when read, so a student who joins brings their
 * history and one removed takes it away, as the direct count does. Each student's rows are read through
 * the (user, day) index (a lateral lookup per student); the learner-day figures come from one statement
 * that reads those rows once, the parts and question types from two more run beside it.
 */
async function studentRollupFigures(db: Db, filter: Filter, organizationId: string): Promise<Figures> {
  const klass = filter.classId
    ? sql`join class_students cs on cs.user_id = os.user_id and cs.class_id = ${filter.classId}`
    : sql``;
  const test = filter.testId ? sql`and r.test_id = ${filter.testId}` : sql``;
  /** The rows of `table` that count, as `r`: each student's, in the range, at tests the view may see. */
  const of = (table: string) => sql`(select distinct os.user_id from organization_students os ${klass}
      where os.organization_id = ${organizationId}) st
    cross join lateral (select * from ${sql.identifier(table)} r
      where r.user_id = st.user_id and r.day >= ${filter.from}::date and r.day <= ${filter.to}::date
        and (r.organization_id is null or r.organization_id = ${organizationId}) ${test}) r`;
  const chosen = filter.testId
    ? sql`select id, title from tests where id = ${filter.testId}`
    : sql`select t.id, t.title from lr join tests t on t.id = lr.test_id
        group by t.id, t.title having sum(lr.scored) > 0 order by sum(lr.scored) desc, t.title limit 1`;
  const classes = filter.classId
    ? sql`select id, name, 1 as rank from classes where id = ${filter.classId}`
    : sql`select c.id, c.name, row_number() over (order by sum(lr.scored) desc, c.name) as rank
        from lr join class_students cl on cl.user_id = lr.user_id
        join classes c on c.id = cl.class_id and c.organization_id = ${organizationId}
        group by c.id, c.name having sum(lr.scored) > 0
        order by sum(lr.scored) desc, c.name limit ${PROGRESS_SERIES}`;
  const week = sql`to_char(date_trunc('week', lr.day::timestamp), 'YYYY-MM-DD')`;
  const learnerFigures = rows<{
    totals: NonNullable<Figures['totals']>;
    per_day: Figures['perDay'];
    active: Figures['active'];
    chosen: { id: string; title: string } | null;
    buckets: Figures['buckets'];
    classes: { id: string; name: string }[];
    overall: Figures['overall'];
    by_class: Figures['byClass'];
  }>(
    db,
    sql`with lr as materialized (
        select r.day, r.test_id, r.user_id, r.attempts, r.submitted, r.scored, r.percent_sum, r.buckets
        from ${of('analytics_learner_days')}
      ), chosen as (${chosen}), top_classes as (${classes})
      select
        (select json_build_object('attempts', coalesce(sum(attempts), 0)::int,
            'submitted', coalesce(sum(submitted), 0)::int, 'learners', count(distinct user_id)::int,
            'average', round(sum(percent_sum) / nullif(sum(scored), 0), 1)::float8)
          from lr) as totals,
        (select json_agg(json_build_object('date', to_char(d, 'YYYY-MM-DD'),
            'attempts', coalesce(c.attempts, 0)::int, 'submitted', coalesce(c.submitted, 0)::int) order by d)
          from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') d
          left join (select day, sum(attempts) as attempts, sum(submitted) as submitted from lr group by day) c
            on c.day = d::date) as per_day,
        (select json_agg(json_build_object('week', to_char(w, 'YYYY-MM-DD'), 'learners', coalesce(c.learners, 0)::int)
            order by w)
          from generate_series(date_trunc('week', ${filter.from}::date), ${filter.to}::date, interval '7 days') w
          left join (select date_trunc('week', day::timestamp) as week, count(distinct user_id) as learners
            from lr group by 1) c on c.week = w) as active,
        (select json_build_object('id', id, 'title', title) from chosen) as chosen,
        (select coalesce(json_agg(json_build_object('bucket', b.i - 1, 'count', b.n)), '[]'::json)
          from (select b.i, sum(b.n)::int as n from lr cross join lateral unnest(lr.buckets) with ordinality as b(n, i)
            where lr.test_id = (select id from chosen) group by b.i having sum(b.n) > 0) b) as buckets,
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by rank), '[]'::json)
          from top_classes) as classes,
        (select coalesce(json_agg(json_build_object('week', o.week, 'value', o.value)), '[]'::json)
          from (select ${week} as week, round(sum(lr.percent_sum) / sum(lr.scored), 1)::float8 as value
            from lr group by 1 having sum(lr.scored) > 0) o) as overall,
        (select coalesce(json_agg(json_build_object('week', o.week, 'class_id', o.class_id, 'value', o.value)), '[]'::json)
          from (select ${week} as week, cl.class_id, round(sum(lr.percent_sum) / sum(lr.scored), 1)::float8 as value
            from lr join class_students cl on cl.user_id = lr.user_id
            where lr.scored > 0 and cl.class_id in (select id from top_classes)
            group by 1, 2) o) as by_class`,
  );
  const [[figures], weakestParts, weakestTypes] = await Promise.all([
    learnerFigures,
    weakestPartsOf(db, of('analytics_learner_part_days')),
    rows<Weakest>(
      db,
      sql`select qt.name, max(qt.name_en) as name_en, sum(r.correct)::int as correct, sum(r.total)::int as total,
          round(100.0 * sum(r.correct) / sum(r.total), 1)::float8 as percent
        from ${of('analytics_learner_type_days')} join question_types qt on qt.id = r.question_type_id
        group by qt.name order by percent, qt.name limit ${WEAKEST_ROWS}`,
    ),
  ]);
  return {
    totals: figures?.totals,
    perDay: figures?.per_day ?? [],
    active: figures?.active ?? [],
    chosen: figures?.chosen ?? undefined,
    buckets: figures?.buckets ?? [],
    classes: figures?.classes ?? [],
    overall: figures?.overall ?? [],
    byClass: figures?.by_class ?? [],
    weakestParts,
    weakestTypes,
    mostActive: () => organizationDaysMostActive(db, filter),
  };
}

/** The figures counted directly from the attempts of the scope (an organization's view, or a fallback). */
async function directFigures(db: Db, filter: Filter): Promise<Figures> {
  const scoped = scopedAttempts(filter);
  const weeks = sql`generate_series(date_trunc('week', ${filter.from}::date), ${filter.to}::date, interval '7 days')`;
  const [totals] = await rows<{
    attempts: number;
    submitted: number;
    learners: number;
    average: number | null;
  }>(
    db,
    sql`select count(*)::int as attempts, count(*) filter (where s.status = 'submitted')::int as submitted,
        count(distinct s.user_id)::int as learners, round(avg(s.percent)::numeric, 1)::float8 as average
      from ${scoped} s`,
  );
  const perDay = await rows<{ date: string; attempts: number; submitted: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.attempts, 0)::int as attempts,
        coalesce(c.submitted, 0)::int as submitted
      from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') d
      left join (
        select (s.started_at at time zone 'UTC')::date as day, count(*) as attempts,
          count(*) filter (where s.status = 'submitted') as submitted
        from ${scoped} s group by 1
      ) c on c.day = d::date
      order by d`,
  );
  const active = await rows<{ week: string; learners: number }>(
    db,
    sql`select to_char(w, 'YYYY-MM-DD') as week, coalesce(c.learners, 0)::int as learners
      from ${weeks} w
      left join (
        select date_trunc('week', s.started_at at time zone 'UTC') as week, count(distinct s.user_id) as learners
        from ${scoped} s group by 1
      ) c on c.week = w
      order by w`,
  );

  // Score distribution: the chosen test, else the one with the most scored attempts in the range.
  const [chosen] = await rows<{ id: string; title: string }>(
    db,
    filter.testId
      ? sql`select id, title from tests where id = ${filter.testId}`
      : sql`select t.id, t.title from ${scoped} s join tests t on t.id = s.test_id
          where s.percent is not null group by t.id, t.title order by count(*) desc, t.title limit 1`,
  );
  const buckets = chosen
    ? await rows<{ bucket: number; count: number }>(
        db,
        sql`select least(floor(s.percent / 10), 9)::int as bucket, count(*)::int as count
          from ${scoped} s where s.test_id = ${chosen.id} and s.percent is not null group by 1`,
      )
    : [];

  // Progress: mean percent per week, for everyone and for the classes with the most attempts.
  const classes = filter.organizationId
    ? await rows<{ id: string; name: string }>(
        db,
        filter.classId
          ? sql`select id, name from classes where id = ${filter.classId}`
          : sql`select c.id, c.name from ${scoped} s
              join class_students cs on cs.user_id = s.user_id
              join classes c on c.id = cs.class_id and c.organization_id = ${filter.organizationId}
              where s.percent is not null
              group by c.id, c.name order by count(*) desc, c.name limit ${PROGRESS_SERIES}`,
      )
    : [];
  const overall = await rows<{ week: string; value: number }>(
    db,
    sql`select to_char(date_trunc('week', s.started_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        round(avg(s.percent)::numeric, 1)::float8 as value
      from ${scoped} s where s.percent is not null group by 1`,
  );
  const byClass =
    classes.length > 0
      ? await rows<{ week: string; class_id: string; value: number }>(
          db,
          sql`select to_char(date_trunc('week', s.started_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
              cs.class_id, round(avg(s.percent)::numeric, 1)::float8 as value
            from ${scoped} s join class_students cs on cs.user_id = s.user_id
            where s.percent is not null and cs.class_id in (${sql.join(
              classes.map((c) => sql`${c.id}::uuid`),
              sql`, `,
            )})
            group by 1, 2`,
        )
      : [];

  // A part's English name is its exam structure's (results store the name of the day, in Vietnamese).
  const weakestParts = await rows<Weakest>(
    db,
    sql`select p.name, max(ef.name_en) as name_en, sum(p.correct)::int as correct, sum(p.graded)::int as total,
        round(100.0 * sum(p.correct) / sum(p.graded), 1)::float8 as percent
      from ${scoped} s
        cross join lateral (
          select e->>'name' as name, (e->>'correct')::int as correct,
            (e->>'total')::int - coalesce((e->>'pending')::int, 0) as graded,
            case when e->>'section_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                 then (e->>'section_id')::uuid end as section_id
          from jsonb_array_elements(coalesce(s.result->'parts', '[]'::jsonb)) e
        ) p
        left join test_sections ts on ts.id = p.section_id
        left join exam_formats ef on ef.id = ts.format_id
      where s.status = 'submitted'
      group by p.name having sum(p.graded) > 0
      order by percent, p.name limit ${WEAKEST_ROWS}`,
  );
  const weakestTypes = await rows<Weakest>(
    db,
    sql`select qt.name, max(qt.name_en) as name_en, count(*) filter (where aa.outcome = 'correct')::int as correct, count(*)::int as total,
        round(100.0 * count(*) filter (where aa.outcome = 'correct') / count(*), 1)::float8 as percent
      from ${scoped} s
      join attempt_answers aa on aa.attempt_id = s.id and aa.outcome in ('correct', 'partial', 'wrong', 'skipped')
      join questions q on q.id = aa.question_id
      join question_types qt on qt.id = q.question_type_id
      where s.status = 'submitted'
      group by qt.name order by percent, qt.name limit ${WEAKEST_ROWS}`,
  );

  const test = filter.testId ? sql`and a.test_id = ${filter.testId}` : sql``;
  const mostActive = () =>
    rows<{ id: string; name: string; attempts: number }>(
      db,
      sql`select o.id, o.name, count(*)::int as attempts
        from attempts a
        join organization_students os on os.user_id = a.user_id
        join organizations o on o.id = os.organization_id
        where a.started_at >= ${filter.from}::date and a.started_at < ${filter.to}::date + 1
          and (a.organization_id is null or a.organization_id = o.id) ${test}
        group by o.id, o.name order by attempts desc, o.name limit 5`,
    );
  return {
    totals,
    perDay,
    active,
    chosen,
    buckets,
    classes,
    overall,
    byClass,
    weakestParts,
    weakestTypes,
    mostActive,
  };
}

async function assemble(db: Db, tenant: Tenant, filter: Filter, figures: Figures): Promise<Analytics> {
  const { totals, perDay, active, chosen, buckets, classes, overall, byClass, weakestParts, weakestTypes } =
    figures;
  const weekList = active.map((w) => w.week);
  const progressSeries = [{ id: 'all', name: '' }, ...classes];
  const progressWeeks = weekList.map((week) => {
    const values: Record<string, number | null> = {
      all: overall.find((o) => o.week === week)?.value ?? null,
    };
    for (const c of classes) {
      values[c.id] = byClass.find((b) => b.week === week && b.class_id === c.id)?.value ?? null;
    }
    return { week, values };
  });

  return {
    from: filter.from,
    to: filter.to,
    totals: {
      attempts: totals?.attempts ?? 0,
      submitted: totals?.submitted ?? 0,
      learners: totals?.learners ?? 0,
      average_percent: totals?.average ?? null,
    },
    attempts_per_day: perDay,
    active_learners: active,
    score_distribution: {
      test: chosen ? { id: chosen.id, name: chosen.title } : null,
      buckets: chosen
        ? Array.from({ length: 10 }, (_, i) => ({
            from: i * 10,
            to: i === 9 ? 100 : i * 10 + 9,
            count: buckets.find((b) => b.bucket === i)?.count ?? 0,
          }))
        : [],
    },
    class_progress: { series: progressSeries, weeks: progressWeeks },
    weakest_parts: weakestParts,
    weakest_question_types: weakestTypes,
    platform: tenant.organizationId ? null : await platformFigures(db, filter, figures),
  };
}

/** The admin's own figures: organizations and revenue (paid orders, refunded ones left out). */
async function platformFigures(
  db: Db,
  filter: Filter,
  figures: Figures,
): Promise<NonNullable<Analytics['platform']>> {
  const [[counts], newPerWeek, mostActive, revenue] = await Promise.all([
    rows<{ approved: number; pending: number; suspended: number }>(
      db,
      sql`select count(*) filter (where status = 'approved' and suspended_at is null)::int as approved,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where suspended_at is not null)::int as suspended
      from organizations`,
    ),
    rows<{ week: string; count: number }>(
      db,
      sql`select to_char(w, 'YYYY-MM-DD') as week, coalesce(c.n, 0)::int as count
      from generate_series(date_trunc('week', ${filter.from}::date), ${filter.to}::date, interval '7 days') w
      left join (
        select date_trunc('week', created_at at time zone 'UTC') as week, count(*) as n from organizations
        where created_at >= ${filter.from}::date and created_at < ${filter.to}::date + 1 group by 1
      ) c on c.week = w order by w`,
    ),
    figures.mostActive(),
    rows<{ date: string; amount_vnd: number; orders: number }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.amount, 0)::int as amount_vnd, coalesce(c.n, 0)::int as orders
      from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') d
      left join (
        select (paid_at at time zone 'UTC')::date as day, sum(amount_vnd) as amount, count(*) as n
        from payment_orders where status = 'paid' and paid_at >= ${filter.from}::date and paid_at < ${filter.to}::date + 1
        group by 1
      ) c on c.day = d::date order by d`,
    ),
  ]);
  return {
    organizations: {
      approved: counts?.approved ?? 0,
      pending: counts?.pending ?? 0,
      suspended: counts?.suspended ?? 0,
      new_per_week: newPerWeek,
      most_active: mostActive,
    },
    revenue: {
      total_vnd: revenue.reduce((sum, day) => sum + day.amount_vnd, 0),
      orders: revenue.reduce((sum, day) => sum + day.orders, 0),
      per_day: revenue,
    },
  };
}

/** The filters' choices: the organization's classes, the tests its learners attempted (the admin: any). */
export async function getAnalyticsOptions(
  db: Db,
  tenant: Tenant,
  query: { organization_id?: string },
): Promise<AnalyticsOptions> {
  const organizationId = tenant.organizationId ?? query.organization_id ?? null;
  const classes = organizationId
    ? await rows<{ id: string; name: string }>(
        db,
        sql`select id, name from classes where organization_id = ${organizationId} order by archived_at nulls first, name limit 200`,
      )
    : [];
  const tests = await rows<{ id: string; name: string }>(
    db,
    organizationId
      ? sql`select t.id, t.title as name from tests t
          where (t.organization_id is null or t.organization_id = ${organizationId})
            and exists (select 1 from attempts a join organization_students os
              on os.user_id = a.user_id and os.organization_id = ${organizationId} where a.test_id = t.id)
          order by t.title limit 200`
      : sql`select t.id, t.title as name from tests t
          where exists (select 1 from attempts a where a.test_id = t.id) order by t.title limit 200`,
  );
  const organizations = tenant.organizationId
    ? []
    : await rows<{ id: string; name: string }>(
        db,
        sql`select id, name from organizations where status = 'approved' order by name limit 500`,
      );
  return { classes, tests, organizations };
}
