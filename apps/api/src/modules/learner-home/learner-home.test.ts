import type { LearnerDashboard } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { seedDatabase } from '../../seed';
import { DEMO_PASSWORD, demoAccountsStep } from '../../seed/demo-accounts';
import { demoNotebookStep } from '../../seed/demo-notebook';
import { demoOrganizationOwnerStep } from '../../seed/demo-organization';
import { demoStudentsStep } from '../../seed/demo-students';
import { englishNamesStep } from '../../seed/english-names';
import { examStructureStep } from '../../seed/exam-structure';
import { organizationBankStep } from '../../seed/organization-bank';
import { practiceTestsStep } from '../../seed/practice-tests';
import { vocabularyStep } from '../../seed/vocabulary';
import { buildStreak } from './learner-home.service';

type App = Awaited<ReturnType<typeof buildApp>>;
type Headers = Record<string, string>;

let database: TestDatabase;
let app: App;
/** The app's clock: the dashboard and the dictation and vocabulary records read it. */
let clock = Date.now();

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers?: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, payload });

async function dashboardOf(headers: Headers): Promise<LearnerDashboard> {
  const response = await call('GET', '/user/dashboard', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

async function signIn(email: string): Promise<Headers> {
  const login = await call('POST', '/user/auth/login', undefined, { email, password: DEMO_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { authorization: `Bearer ${login.json().result.access_token}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5, supervise: false },
    now: () => new Date(clock),
  });
  await app.ready();
  await seedDatabase(database.db, {
    demo: true,
    steps: [
      examStructureStep,
      englishNamesStep,
      demoAccountsStep,
      practiceTestsStep,
      demoOrganizationOwnerStep,
      demoStudentsStep,
      organizationBankStep,
      demoNotebookStep,
      vocabularyStep,
    ],
    context: { storage: app.storage },
  });
}, 180_000);
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('the study streak (pure)', () => {
  it('counts days in a row ending today, or yesterday before today’s first study', () => {
    const day = { attempts: 1, reviews: 0, dictation: 0 };
    const days = new Map([
      ['2026-03-01', day],
      ['2026-03-02', day],
      ['2026-03-03', day],
      ['2026-03-08', day],
      ['2026-03-09', day],
    ]);
    expect(buildStreak(days, '2026-03-10')).toMatchObject({ current: 2, longest: 3, studied_today: false });
    expect(buildStreak(days, '2026-03-09')).toMatchObject({ current: 2, studied_today: true });
    expect(buildStreak(days, '2026-03-11')).toMatchObject({ current: 0 });
    const strip = buildStreak(days, '2026-03-10').days;
    expect(strip).toHaveLength(14);
    expect(strip.at(-1)).toEqual({ date: '2026-03-10', attempts: 0, reviews: 0, dictation: 0 });
    expect(strip.at(-2)).toEqual({ date: '2026-03-09', attempts: 1, reviews: 0, dictation: 0 });
    // Across a month's end.
    const edge = new Map([
      ['2026-02-28', day],
      ['2026-03-01', day],
    ]);
    expect(buildStreak(edge, '2026-03-01').current).toBe(2);
  });
});

describe('GET /api/user/dashboard', () => {
  it('is for signed-in learners only', async () => {
    expect((await call('GET', '/user/dashboard')).statusCode).toBe(401);
    const staff = await authHeader(app, await createAccount(database.db, { scope: 'admin' }), 'admin');
    expect((await call('GET', '/user/dashboard', staff)).statusCode).toBe(403);
  });

  it('shows the demo learner their progress, weak spots, mistakes and assigned test', async () => {
    clock = Date.now();
    const learner = await signIn('learner@prepwise.vn');
    const home = await dashboardOf(learner);
    expect(home.progress.submitted_count).toBeGreaterThan(0);
    expect(home.progress.recent.length).toBeGreaterThan(0);
    for (const attempt of home.progress.recent) {
      // Practice attempts have no scaled score: the chart reads the share of questions right.
      if (attempt.mode === 'full') expect(attempt.score_total).not.toBeNull();
      expect(attempt.total).toBeGreaterThan(0);
      expect(attempt.correct).toBeLessThanOrEqual(attempt.total);
    }
    // Oldest first, for the chart.
    const times = home.progress.recent.map((attempt) => attempt.submitted_at);
    expect([...times].sort()).toEqual(times);
    expect(home.next.mistakes_to_review).toBeGreaterThan(0);
    expect(home.next.weak_spots.length).toBeGreaterThan(0);
    for (const spot of home.next.weak_spots) {
      expect(spot.total).toBeGreaterThanOrEqual(3);
      expect(spot.accuracy).toBeLessThan(0.8);
      expect(spot.accuracy).toBeCloseTo(spot.correct / spot.total);
      expect(spot.test.slug).toBeTruthy();
      // The test to practise is named in English too (the seeded tests have English titles).
      expect(spot.test.title_en).toMatch(/^[A-Z]/);
      // A question type's row carries its English name (the platform's are seeded); a skill's has none.
      if (spot.dimension === 'question_type') expect(spot.name_en).toMatch(/^[A-Z][a-z]/);
      else expect(spot.name_en).toBeNull();
    }
    const accuracies = home.next.weak_spots.map((spot) => spot.accuracy);
    expect([...accuracies].sort((a, b) => a - b)).toEqual(accuracies);
    // The demo centre's manual and smart tests, assigned to their class and not started yet.
    expect(home.next.assignments.map((entry) => entry.test.slug).sort()).toEqual([
      'kiem-tra-ngu-phap-va-viet-b1',
      'kiem-tra-nhanh-ngu-phap-de-tron',
    ]);
    for (const entry of home.next.assignments)
      expect(entry).toMatchObject({
        state: 'open',
        attempts_used: 0,
        organization: { slug: 'prepwise-demo-center' },
      });
    expect(home.next.resume).toBeNull();

    // An unfinished attempt becomes the first thing to resume.
    const started = await call('POST', '/user/tests/toeic-listening-reading-de-luyen-1/attempts', learner, {
      mode: 'full',
    });
    expect(started.statusCode, started.body).toBe(201);
    const resumed = await dashboardOf(learner);
    expect(resumed.next.resume).toMatchObject({
      id: started.json().result.id,
      mode: 'full',
      answered: 0,
      organization_slug: null,
      test: { slug: 'toeic-listening-reading-de-luyen-1' },
    });
    expect(resumed.next.resume!.total).toBeGreaterThan(100);
    // Starting it today is studying today.
    expect(resumed.streak.studied_today).toBe(true);
    expect(resumed.streak.current).toBeGreaterThanOrEqual(1);
    expect(resumed.streak.days.at(-1)).toMatchObject({ date: resumed.today });
    expect(resumed.streak.days.at(-1)!.attempts).toBe(home.streak.days.at(-1)!.attempts + 1);
  });

  it('counts a streak in Vietnam days across attempts, vocabulary reviews and dictation', async () => {
    const learner = await authHeader(app, await createAccount(database.db));
    const dictation = (await call('GET', '/public/dictation')).json().result.items as { id: string }[];
    expect(dictation.length).toBeGreaterThan(0);

    // 01:00 on 8 March in Vietnam is still 7 March in UTC.
    clock = Date.parse('2026-03-07T18:00:00Z');
    const checked = await call('POST', `/user/dictation/${dictation[0]!.id}/checks`, learner);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().result).toEqual({ day: '2026-03-08', sentences_checked: 1 });
    const again = await call('POST', `/user/dictation/${dictation[0]!.id}/checks`, learner);
    expect(again.json().result).toEqual({ day: '2026-03-08', sentences_checked: 2 });

    // 00:30 on 9 March in Vietnam (8 March in UTC): a vocabulary review.
    clock = Date.parse('2026-03-08T17:30:00Z');
    const topic = (await call('GET', '/public/vocabulary/topics')).json().result.items[0] as { slug: string };
    expect((await call('POST', `/user/vocabulary/topics/${topic.slug}/cards`, learner)).statusCode).toBe(200);
    const queue = (await call('GET', '/user/vocabulary/review', learner)).json().result;
    const reviewed = await call('POST', `/user/vocabulary/cards/${queue.cards[0].id}/reviews`, learner, {
      rating: 3,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    // 10:00 on 10 March in Vietnam: nothing yet today, two days in a row before it. Counted in UTC
    // days (7 and 8 March) the streak would already be broken.
    clock = Date.parse('2026-03-10T03:00:00Z');
    let home = await dashboardOf(learner);
    expect(home.today).toBe('2026-03-10');
    expect(home.streak).toMatchObject({ current: 2, longest: 2, studied_today: false });
    expect(home.streak.days.slice(-3)).toEqual([
      { date: '2026-03-08', attempts: 0, reviews: 0, dictation: 2 },
      { date: '2026-03-09', attempts: 0, reviews: 1, dictation: 0 },
      { date: '2026-03-10', attempts: 0, reviews: 0, dictation: 0 },
    ]);
    // A new card added by the learner is not due; nothing else is to review.
    expect(home.next.due_reviews).toBeGreaterThanOrEqual(0);

    // An attempt started at 23:50 on 9 March in Vietnam (a day already counted) adds nothing; one
    // started at 00:20 on 10 March (9 March in UTC) continues the streak.
    const started = await call('POST', '/user/tests/grammar-writing-check-de-luyen-1/attempts', learner, {
      mode: 'full',
    });
    expect(started.statusCode, started.body).toBe(201);
    await database.executeSql('update attempts set started_at = $1 where id = $2', [
      '2026-03-09T16:50:00Z',
      started.json().result.id,
    ]);
    home = await dashboardOf(learner);
    expect(home.streak).toMatchObject({ current: 2, studied_today: false });
    expect(home.streak.days.at(-2)).toMatchObject({ date: '2026-03-09', attempts: 1, reviews: 1 });
    await database.executeSql('update attempts set started_at = $1 where id = $2', [
      '2026-03-09T17:20:00Z',
      started.json().result.id,
    ]);
    home = await dashboardOf(learner);
    expect(home.streak).toMatchObject({ current: 3, longest: 3, studied_today: true });
    expect(home.next.resume).toMatchObject({ id: started.json().result.id });

    // Two days without study break it.
    clock = Date.parse('2026-03-12T03:00:00Z');
    home = await dashboardOf(learner);
    expect(home.streak).toMatchObject({ current: 0, longest: 3, studied_today: false });
  });

  it('never shows another learner’s data', async () => {
    clock = Date.now();
    const demo = await signIn('learner@prepwise.vn');
    const demoHome = await dashboardOf(demo);
    const stranger = await authHeader(app, await createAccount(database.db));
    const home = await dashboardOf(stranger);
    expect(home.progress).toEqual({ recent: [], submitted_count: 0, tests_taken: 0 });
    expect(home.next).toEqual({
      due_reviews: 0,
      resume: null,
      weak_spots: [],
      assignments: [],
      mistakes_to_review: 0,
    });
    expect(home.streak.current).toBe(0);
    expect(home.goal).toEqual({ exam: null, target_score: null, exam_date: null, days_left: null });

    // The stranger's goal is theirs only.
    const saved = await call('PUT', '/user/dashboard/goal', stranger, {
      exam: 'ielts',
      target_score: 7.5,
      exam_date: '2026-12-01',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await dashboardOf(demo)).goal).toEqual(demoHome.goal);
    // A dictation check is recorded for its learner only.
    const dictation = (await call('GET', '/public/dictation')).json().result.items as { id: string }[];
    await call('POST', `/user/dictation/${dictation[0]!.id}/checks`, stranger);
    expect((await dashboardOf(demo)).streak.days).toEqual(demoHome.streak.days);
    expect((await dashboardOf(stranger)).streak.studied_today).toBe(true);
  });
});

describe('PUT /api/user/dashboard/goal', () => {
  it('validates the score on the exam’s scale and the date, naming the field', async () => {
    clock = Date.parse('2026-03-10T03:00:00Z');
    const learner = await authHeader(app, await createAccount(database.db));
    const refused = async (payload: object, field: string) => {
      const response = await call('PUT', '/user/dashboard/goal', learner, payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
      expect(response.json().errors[field]).toMatch(/^common\./);
    };
    await refused({ exam: 'ielts', target_score: 7.3, exam_date: null }, 'target_score');
    await refused({ exam: 'ielts', target_score: 9.5, exam_date: null }, 'target_score');
    await refused({ exam: 'toeic', target_score: 995, exam_date: null }, 'target_score');
    await refused({ exam: 'toeic', target_score: 652, exam_date: null }, 'target_score');
    await refused({ exam: null, target_score: 650, exam_date: null }, 'exam');
    await refused({ exam: 'sat', target_score: null, exam_date: null }, 'exam');
    await refused({ exam: 'toeic', target_score: 650, exam_date: '2026-02-30' }, 'exam_date');
    await refused({ exam: 'toeic', target_score: 650, exam_date: '10/03/2026' }, 'exam_date');
    await refused({ exam: 'toeic', target_score: '650', exam_date: null }, 'target_score');
    expect((await call('PUT', '/user/dashboard/goal', undefined, { exam: null })).statusCode).toBe(401);

    const saved = await call('PUT', '/user/dashboard/goal', learner, {
      exam: 'toeic',
      target_score: 750,
      exam_date: '2026-04-09',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual({
      exam: 'toeic',
      target_score: 750,
      exam_date: '2026-04-09',
      days_left: 30,
    });
    // 23:30 on 10 March in UTC is already 11 March in Vietnam: one day fewer.
    clock = Date.parse('2026-03-10T23:30:00Z');
    expect((await dashboardOf(learner)).goal.days_left).toBe(29);
    const cleared = await call('PUT', '/user/dashboard/goal', learner, {
      exam: 'ielts',
      target_score: null,
      exam_date: null,
    });
    expect(cleared.json().result).toEqual({
      exam: 'ielts',
      target_score: null,
      exam_date: null,
      days_left: null,
    });
  });

  it('refuses a dictation check of an exercise that does not exist', async () => {
    const learner = await authHeader(app, await createAccount(database.db));
    const missing = await call(
      'POST',
      '/user/dictation/00000000-0000-4000-8000-000000000000/checks',
      learner,
    );
    expect(missing.statusCode).toBe(404);
    expect((await call('POST', '/user/dictation/not-a-uuid/checks', learner)).statusCode).toBe(404);
  });
});
