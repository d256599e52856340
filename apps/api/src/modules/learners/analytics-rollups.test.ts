import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnalyticsQuery, analyticsQuerySchema } from '@prepwise/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { classOf, publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { attempts, organizationStudents, questions, questionTypes, tests, users } from '../../db/schema';
import { migrationsDir } from '../../lib/paths';
import { seedDatabase } from '../../seed';
import { demoAccountsStep } from '../../seed/demo-accounts';
import { englishNamesStep } from '../../seed/english-names';
import { examStructureStep } from '../../seed/exam-structure';
import { practiceTestsStep } from '../../seed/practice-tests';
import { PLATFORM } from '../../tenancy/tenant';
import { getAnalytics } from './analytics.service';
import { refreshRollups } from './analytics-rollups';

/**
 * The platform-wide analytics read daily rollups (decision 022). Whatever happens to attempts — new
 * ones, a submission of an attempt started days before, an essay marked again, a learner deleted, an
 * attempt moved to another day, a learner joining or leaving an organization, the upgrade's backfill —
 * the rollup figures must equal the direct count of the attempts, for any range and test (ranges that
 * start and end mid-week included: learners per week and over the range come from each learner's
 * previous active day).
 */

type Headers = Record<string, string>;
const TOEIC = 'toeic-listening-reading-de-luyen-1';
const IELTS = 'ielts-academic-reading-de-luyen-1';
const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
/** The Monday (UTC) three weeks before this week's: its days 0…20 are all in the past. */
const monday = (() => {
  const today = new Date(`${dayAgo(0)}T00:00:00Z`);
  return today.getTime() - (((today.getUTCDay() + 6) % 7) + 21) * DAY_MS;
})();
/** Day `n` after that Monday (`YYYY-MM-DD`): day 2 is a Wednesday, day 7 the next Monday. */
const weekDay = (n: number) => new Date(monday + n * DAY_MS).toISOString().slice(0, 10);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asViewer: Headers;
let center: TestOrganization;
let own: Awaited<ReturnType<typeof publishedOrganizationTest>>;
let toeicId: string;
/** The centre's first class, once a test made one. */
let centreClass: string | null = null;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) {
  const response = await api(method, url, headers, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().result as T;
}

async function learner(name: string) {
  const account = await createAccount(harness.app.db, { fullName: name });
  return { id: account.id, headers: await authHeader(harness.app, account) };
}

/** Starts an attempt of a platform test; answers its id. */
async function start(slug: string, headers: Headers) {
  return (await ok<{ id: string }>('POST', `/user/tests/${slug}/attempts`, headers, {})).id;
}

/** Submits with the first single-choice questions answered (keys alternating, so scores differ). */
async function submit(id: string, headers: Headers, keys = 'ABBA') {
  type Q = { id: string; answer_kind: string };
  const paper = await ok<{
    sections: {
      items: ({ kind: 'question'; question: Q } | { kind: 'group'; group: { questions: Q[] } })[];
    }[];
  }>('GET', `/user/attempts/${id}`, headers);
  const questions = paper.sections
    .flatMap((s) => s.items.flatMap((i) => (i.kind === 'question' ? [i.question] : i.group.questions)))
    .filter((q) => q.answer_kind === 'single_choice')
    .slice(0, keys.length);
  const answers = questions.map((q, i) => ({ question_id: q.id, answer: { key: keys[i] }, seq: i + 1 }));
  await ok('POST', `/user/attempts/${id}/submit`, headers, { answers });
}

const pending = async () =>
  (
    (await harness.app.db.execute(
      sql`select distinct to_char(day, 'YYYY-MM-DD') as day, test_id from analytics_pending order by 1, 2`,
    )) as unknown as { rows: { day: string; test_id: string }[] }
  ).rows;

/**
 * The figures from the rollups (through the API) equal the direct count, for each query: platform-wide,
 * the centre's own view (its students' learner rows), the admin's filter on the centre, and the centre's
 * first class when it has one.
 */
async function expectRollupsExact(queries: AnalyticsQuery[]) {
  const centre = { organizationId: center.id };
  /** The API's answer (from the rollups) equals the direct count for that realm's scope and query. */
  const same = async (realm: 'admin' | 'educator', query: Record<string, string>) => {
    const tenant = realm === 'admin' ? PLATFORM : centre;
    const direct = await getAnalytics(harness.app.db, tenant, analyticsQuerySchema.parse(query), new Date(), {
      direct: true,
    });
    const search = new URLSearchParams(query).toString();
    const headers = realm === 'admin' ? asViewer : center.asOwner;
    expect(await ok<unknown>('GET', `/${realm}/analytics?${search}`, headers), `${realm} ${search}`).toEqual(
      JSON.parse(JSON.stringify(direct)),
    );
  };
  for (const query of queries as Record<string, string>[]) {
    await same('admin', query);
    await same('educator', query);
    await same('admin', { ...query, organization_id: center.id });
    if (centreClass) await same('educator', { ...query, class_id: centreClass });
  }
  // Reading a range recomputed its marked days.
  expect(await pending()).toEqual([]);
}

/** Every table of the rollups (derived data: emptied and rebuilt by the backfill's test). */
const ANALYTICS_TABLES = [
  'analytics_test_days',
  'analytics_learner_days',
  'analytics_part_days',
  'analytics_question_days',
  'analytics_learner_returns',
  'analytics_organization_days',
  'analytics_learner_part_days',
  'analytics_learner_type_days',
];

const everyRange = (): AnalyticsQuery[] => [
  {},
  { from: dayAgo(179) },
  { from: dayAgo(10), to: dayAgo(2) },
  { test_id: toeicId },
  { test_id: own.id, from: dayAgo(30) },
];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.app.db;
  await seedDatabase(db, {
    demo: true,
    steps: [examStructureStep, englishNamesStep, demoAccountsStep, practiceTestsStep],
    context: { storage: harness.app.storage },
  });
  asViewer = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_student', 'view_analytics'] }),
    'admin',
  );
  [{ id: toeicId }] = (await db.select({ id: tests.id }).from(tests).where(eq(tests.slug, TOEIC))) as [
    { id: string },
  ];
  center = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
  own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra cuối tuần');
});
afterAll(() => harness?.close());

describe('analytics rollups', () => {
  it('equal the direct count after attempts are started and submitted', async () => {
    const lan = await learner('Trần Thị Lan');
    const minh = await learner('Lê Văn Minh');
    // Minh studies at the centre: its view counts his attempts at the platform's tests.
    await harness.app.db
      .insert(organizationStudents)
      .values({ organizationId: center.id, userId: minh.id, joinedVia: 'code' });
    await submit(await start(TOEIC, lan.headers), lan.headers, 'ABBA');
    await submit(await start(TOEIC, minh.headers), minh.headers, 'BBBB');
    await submit(await start(IELTS, lan.headers), lan.headers, 'AAAA');
    await start(IELTS, minh.headers); // in progress: counted as an attempt, not as submitted
    expect((await pending()).length).toBeGreaterThan(0);
    await expectRollupsExact(everyRange());
    const today = await ok<{ totals: { attempts: number; submitted: number; learners: number } }>(
      'GET',
      `/admin/analytics?from=${dayAgo(0)}`,
      asViewer,
    );
    expect(today.totals).toMatchObject({ attempts: 4, submitted: 3, learners: 2 });
  });

  it('move an attempt started days ago when it is submitted late, on the day it started', async () => {
    const hoa = await learner('Nguyễn Thu Hoa');
    const id = await start(IELTS, hoa.headers);
    await harness.app.db
      .update(attempts)
      .set({ startedAt: new Date(Date.now() - 3 * DAY_MS), deadlineAt: null })
      .where(eq(attempts.id, id));
    await refreshRollups(harness.app.db);
    expect(await pending()).toEqual([]);
    const before = await ok<{ attempts_per_day: { date: string; submitted: number }[] }>(
      'GET',
      '/admin/analytics',
      asViewer,
    );

    await submit(id, hoa.headers, 'BABA');
    expect((await pending()).map((mark) => mark.day)).toEqual([dayAgo(3)]);
    await expectRollupsExact(everyRange());
    const after = await ok<{ attempts_per_day: { date: string; submitted: number }[] }>(
      'GET',
      '/admin/analytics',
      asViewer,
    );
    const on = (result: typeof after) => result.attempts_per_day.find((day) => day.date === dayAgo(3));
    expect(on(after)!.submitted).toBe(on(before)!.submitted + 1);
  });

  it('follow an essay marked (and marked again): the attempt is graded anew', async () => {
    const classId = await classOf(harness.app, center.id);
    centreClass = classId;
    const writer = await studentOf(harness.app, center.id, { classId, fullName: 'Phạm Thu Hà' });
    await ok('POST', `/educator/tests/${own.id}/assignments`, center.asOwner, {
      opens_at: hours(-1),
      closes_at: hours(48),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [classId],
    });
    const { id } = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
      writer.headers,
    );
    await ok('POST', `/user/attempts/${id}/submit`, writer.headers, {
      answers: [
        { question_id: own.questionIds[0], answer: { key: 'B' }, flagged: false, seq: 1 },
        {
          question_id: own.essayId,
          answer: { text: 'I like the old library in my town.' },
          flagged: false,
          seq: 2,
        },
      ],
    });
    await expectRollupsExact(everyRange());
    const average = async () =>
      (
        await ok<{ totals: { average_percent: number | null } }>(
          'GET',
          `/admin/analytics?test_id=${own.id}`,
          asViewer,
        )
      ).totals.average_percent;
    const ungraded = await average();

    const mark = (score: number) =>
      ok('PUT', `/educator/tests/${own.id}/attempts/${id}/essays/${own.essayId}/mark`, center.asOwner, {
        criteria: { task: score, coherence: score, vocabulary: score, grammar: score },
      });
    await mark(10);
    expect(await pending()).toHaveLength(1);
    await expectRollupsExact(everyRange());
    const graded = await average();
    expect(graded).toBeGreaterThan(ungraded!);
    await mark(4);
    await expectRollupsExact(everyRange());
    expect(await average()).toBeLessThan(graded!);
  });

  it("follow a question's type changed, for the centre's weakest question types", async () => {
    const db = harness.app.db;
    const weakest = async () =>
      (
        await ok<{ weakest_question_types: { name: string; total: number }[] }>(
          'GET',
          `/educator/analytics?test_id=${own.id}`,
          center.asOwner,
        )
      ).weakest_question_types;
    const before = await weakest();
    expect(before.length).toBeGreaterThan(0);
    const [question] = await db
      .select({ typeId: questions.questionTypeId })
      .from(questions)
      .where(eq(questions.id, own.questionIds[0]!));
    const [other] = await db
      .select({ id: questionTypes.id, name: questionTypes.name })
      .from(questionTypes)
      .where(and(ne(questionTypes.id, question!.typeId), isNull(questionTypes.organizationId)))
      .limit(1);
    await db
      .update(questions)
      .set({ questionTypeId: other!.id })
      .where(eq(questions.id, own.questionIds[0]!));
    expect((await pending()).length).toBeGreaterThan(0);
    await expectRollupsExact(everyRange());
    expect((await weakest()).map((row) => row.name)).toContain(other!.name);
  });

  it('are read as the job left them while the marked days hold more attempts than a page recounts', async () => {
    const db = harness.app.db;
    const query = analyticsQuerySchema.parse({});
    const before = await getAnalytics(db, PLATFORM, query, new Date());
    const burst = await learner('Đỗ Quang Huy');
    await submit(await start(TOEIC, burst.headers), burst.headers, 'BBAB');
    // More attempts waiting than the page would recount (0 here): the rollups as they were, marks kept.
    const stale = await getAnalytics(db, PLATFORM, query, new Date(), { syncAttempts: 0 });
    expect(stale).toEqual(before);
    expect(await pending()).toEqual([{ day: dayAgo(0), test_id: toeicId }]);
    // The job's run brings them up to date.
    expect(await refreshRollups(db)).toBe(1);
    const current = await getAnalytics(db, PLATFORM, query, new Date(), { syncAttempts: 0 });
    expect(current.totals.attempts).toBe(before.totals.attempts + 1);
    expect(current).toEqual(await getAnalytics(db, PLATFORM, query, new Date(), { direct: true }));
  });

  it('drop the attempts of a deleted learner', async () => {
    const gone = await learner('Võ Thành Nam');
    await submit(await start(TOEIC, gone.headers), gone.headers, 'BBBA');
    await expectRollupsExact([{}]);
    await harness.app.db.delete(users).where(eq(users.id, gone.id));
    await expectRollupsExact(everyRange());
  });

  it('count learners over ranges that start and end mid-week, across weeks, tests and days moved', async () => {
    const db = harness.app.db;
    /** A submitted attempt of the test, moved to start on day `n` after the Monday three weeks ago. */
    const on = async (n: number, slug: string, headers: Headers) => {
      const id = await start(slug, headers);
      await submit(id, headers, 'ABAB');
      await db
        .update(attempts)
        .set({ startedAt: new Date(`${weekDay(n)}T10:00:00Z`) })
        .where(eq(attempts.id, id));
      return id;
    };
    const an = await learner('Trương Thị An');
    const binh = await learner('Đặng Văn Bình');
    await on(1, TOEIC, an.headers); // a Tuesday
    await on(2, IELTS, an.headers);
    const moved = await on(9, TOEIC, an.headers);
    await on(16, IELTS, an.headers);
    await on(18, TOEIC, an.headers);
    const sunday = await on(6, IELTS, binh.headers);
    await on(7, IELTS, binh.headers); // the next Monday, two tests that day
    await on(7, TOEIC, binh.headers);
    await on(7, TOEIC, binh.headers);

    // Two weeks, three partial ones, single days, a weekend across weeks, each test.
    const ranges = (): AnalyticsQuery[] => [
      ...everyRange(),
      { from: weekDay(2), to: weekDay(17) },
      { from: weekDay(3), to: weekDay(8) },
      { from: weekDay(6), to: weekDay(7) },
      { from: weekDay(7), to: weekDay(7) },
      { from: weekDay(8), to: weekDay(16) },
      { from: weekDay(10), to: weekDay(20) },
      { from: weekDay(2), to: weekDay(17), test_id: toeicId },
      { from: weekDay(6), to: weekDay(9), test_id: toeicId },
      { from: weekDay(8), to: weekDay(20), test_id: toeicId },
    ];
    await expectRollupsExact(ranges());
    const learners = (query: Record<string, string>) =>
      ok<{ totals: { learners: number }; active_learners: { week: string; learners: number }[] }>(
        'GET',
        `/admin/analytics?${new URLSearchParams(query)}`,
        asViewer,
      );
    // Nobody else started an attempt over these days: An on days 2, 9 and 16, Bình on days 6 and 7.
    expect(await learners({ from: weekDay(2), to: weekDay(17) })).toMatchObject({
      totals: { learners: 2 },
      active_learners: [
        { week: weekDay(0), learners: 2 },
        { week: weekDay(7), learners: 2 },
        { week: weekDay(14), learners: 1 },
      ],
    });
    expect((await learners({ from: weekDay(8), to: weekDay(16) })).totals.learners).toBe(1);

    // An's attempt of day 9 moves to day 4: her day 16 (another test) now follows day 4, and her next
    // attempt of the same test (day 18) too. Bình's Sunday is deleted.
    await db
      .update(attempts)
      .set({ startedAt: new Date(`${weekDay(4)}T08:00:00Z`) })
      .where(eq(attempts.id, moved));
    await db.delete(attempts).where(eq(attempts.id, sunday));
    await expectRollupsExact(ranges());
    expect(await learners({ from: weekDay(3), to: weekDay(9) })).toMatchObject({
      totals: { learners: 2 },
      active_learners: [
        { week: weekDay(0), learners: 1 },
        { week: weekDay(7), learners: 1 },
      ],
    });
    expect((await learners({ from: weekDay(8), to: weekDay(16) })).totals.learners).toBe(1);
  });

  it('follow learners joining and leaving organizations for the most active ones', async () => {
    const db = harness.app.db;
    const other = await createOrganization(harness.app, { name: 'Trung tâm Hừng Đông' });
    const classId = await classOf(harness.app, center.id);
    const chi = await studentOf(harness.app, center.id, { classId, fullName: 'Lý Thị Chi' });
    await ok('POST', `/educator/tests/${own.id}/assignments`, center.asOwner, {
      opens_at: hours(-1),
      closes_at: hours(48),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [classId],
    });
    // Two attempts of a platform test and one of the centre's own test, on days 11 and 12.
    const ids: string[] = [];
    for (const keys of ['BBBB', 'ABBB']) {
      ids.push(await start(TOEIC, chi.headers));
      await submit(ids.at(-1)!, chi.headers, keys);
    }
    const { id: ownAttempt } = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
      chi.headers,
    );
    for (const [id, n] of [
      [ids[0], 11],
      [ids[1], 12],
      [ownAttempt, 12],
    ] as const) {
      await db
        .update(attempts)
        .set({ startedAt: new Date(`${weekDay(n)}T09:00:00Z`) })
        .where(eq(attempts.id, id!));
    }
    const days = { from: weekDay(11), to: weekDay(12) };
    const ranges = (): AnalyticsQuery[] => [...everyRange(), days, { ...days, test_id: toeicId }];
    const mostActive = async () =>
      (
        await ok<{ platform: { organizations: { most_active: { id: string; attempts: number }[] } } }>(
          'GET',
          `/admin/analytics?${new URLSearchParams(days)}`,
          asViewer,
        )
      ).platform.organizations.most_active;
    await expectRollupsExact(ranges());
    expect(await mostActive()).toEqual([{ id: center.id, name: 'Trung tâm Sao Mai', attempts: 3 }]);

    // Chi joins another centre too: the platform test's attempts count there, the centre's own test not.
    await db
      .insert(organizationStudents)
      .values({ organizationId: other.id, userId: chi.id, joinedVia: 'code' });
    await expectRollupsExact(ranges());
    expect(await mostActive()).toEqual([
      { id: center.id, name: 'Trung tâm Sao Mai', attempts: 3 },
      { id: other.id, name: 'Trung tâm Hừng Đông', attempts: 2 },
    ]);
    // And leaves the first.
    await db
      .delete(organizationStudents)
      .where(
        and(eq(organizationStudents.organizationId, center.id), eq(organizationStudents.userId, chi.id)),
      );
    await expectRollupsExact(ranges());
    expect(await mostActive()).toEqual([{ id: other.id, name: 'Trung tâm Hừng Đông', attempts: 2 }]);
  });

  it("are rebuilt by the upgrade's backfill, and a page counts directly while too many days wait", async () => {
    const db = harness.app.db;
    for (const table of ANALYTICS_TABLES) await db.execute(sql.raw(`delete from ${table}`));
    // Migration 0032's backfill: every day and test with attempts, plus many days of one test.
    await db.execute(sql`insert into analytics_pending (day, test_id)
      select distinct (started_at at time zone 'UTC')::date, test_id from attempts`);
    await db.execute(sql`insert into analytics_pending (day, test_id)
      select d::date, ${toeicId}::uuid from generate_series(${dayAgo(150)}::date, ${dayAgo(60)}::date, interval '1 day') d`);
    const marked = (await pending()).length;
    expect(marked).toBeGreaterThan(60);

    // 180 days with more than 60 marks: counted directly, the marks left to the job.
    const direct = await getAnalytics(
      db,
      PLATFORM,
      analyticsQuerySchema.parse({ from: dayAgo(179) }),
      new Date(),
      {
        direct: true,
      },
    );
    expect(await ok('GET', `/admin/analytics?from=${dayAgo(179)}`, asViewer)).toEqual(
      JSON.parse(JSON.stringify(direct)),
    );
    expect((await pending()).length).toBe(marked);

    // The job's run recomputes them all.
    expect(await refreshRollups(db)).toBe(marked);
    await expectRollupsExact(everyRange());
  });

  it("are the same from migration 0035's backfill of learners by previous day and organizations", async () => {
    const db = harness.app.db;
    const migration = readFileSync(path.join(migrationsDir, '0035_analytics_learner_returns.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*(--.*\n)*/, '').trim())
      .filter((statement) => statement.startsWith('INSERT INTO'));
    expect(backfill).toHaveLength(3);
    await db.execute(sql`delete from analytics_learner_returns`);
    await db.execute(sql`delete from analytics_organization_days`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    await expectRollupsExact([
      ...everyRange(),
      { from: weekDay(2), to: weekDay(17) },
      { from: weekDay(6), to: weekDay(12) },
      { from: weekDay(11), to: weekDay(12), test_id: toeicId },
    ]);
  });
});
