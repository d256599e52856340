import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import {
  createExam,
  createOrganization,
  createPublishedTest,
  type ExamFixture,
  insertAttempt,
  type PublishedTest,
  partResult,
} from './catalogue.fixtures';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let exam: ExamFixture;
let ana: TestAccount;
let binh: TestAccount;
let asAna: Record<string, string>;
let asBinh: Record<string, string>;
let asNewcomer: Record<string, string>;
let asStaff: Record<string, string>;
let asCategoryStaff: Record<string, string>;
let limited: PublishedTest;
let open: PublishedTest;
let single: PublishedTest;
let packed: PublishedTest;
let draft: PublishedTest;
let organizationTest: PublishedTest;
const ids: Record<string, string> = {};

const PART_A = 'Part A – Ngữ pháp';
const PART_B = 'Part B – Đọc hiểu';
const at = (minutes: number) => new Date(Date.UTC(2026, 1, 10, 9, minutes));

async function get(url: string, headers?: Record<string, string>) {
  return harness.app.inject({ method: 'GET', url: `/api${url}`, headers });
}
async function result(url: string, headers: Record<string, string>) {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  await seedDatabase(db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  const author = await createAccount(db, { scope: 'admin', isAdmin: true });
  ana = await createAccount(db, { fullName: 'Nguyễn Thị An' });
  binh = await createAccount(db, { fullName: 'Lê Văn Bình' });
  const newcomer = await createAccount(db);
  [asAna, asBinh, asNewcomer] = await Promise.all([
    authHeader(harness.app, ana),
    authHeader(harness.app, binh),
    authHeader(harness.app, newcomer),
  ]);
  asStaff = await authHeader(
    harness.app,
    // A test's statistics name learners: the students' permission beside the tests' (issue 26).
    await createAccount(db, { scope: 'admin', permissions: ['view_test', 'view_student'] }),
    'admin',
  );
  asCategoryStaff = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_category'] }),
    'admin',
  );

  exam = await createExam(db);
  limited = await createPublishedTest(db, exam, {
    title: 'Hai lượt làm bài',
    authorId: author.id,
    attemptsAllowed: 2,
  });
  open = await createPublishedTest(db, exam, { title: 'Luyện không giới hạn', authorId: author.id });
  single = await createPublishedTest(db, exam, {
    title: 'Một lượt duy nhất',
    authorId: author.id,
    attemptsAllowed: 1,
  });
  packed = await createPublishedTest(db, exam, {
    title: 'Đề trong gói',
    authorId: author.id,
    access: 'pack',
  });
  draft = await createPublishedTest(db, exam, { title: 'Đề nháp', authorId: author.id, publish: false });
  const organization = await createOrganization(db);
  organizationTest = await createPublishedTest(db, exam, {
    title: 'Đề riêng của trung tâm',
    authorId: author.id,
    tenant: { organizationId: organization.id },
  });

  const [secA, secB] = limited.sectionIds as [string, string];
  ids.anaFirst = (
    await insertAttempt(db, limited, ana.id, {
      startedAt: at(0),
      score: 1,
      timeSpentSeconds: 600,
      parts: [partResult(secA, PART_A, 1, 2), partResult(secB, PART_B, 0, 1)],
    })
  ).id;
  ids.anaSecond = (
    await insertAttempt(db, limited, ana.id, {
      startedAt: at(20),
      score: 3,
      timeSpentSeconds: 900,
      parts: [partResult(secA, PART_A, 2, 2), partResult(secB, PART_B, 1, 1)],
    })
  ).id;
  ids.anaPractice = (
    await insertAttempt(db, open, ana.id, {
      startedAt: at(40),
      score: 0,
      mode: 'practice',
      sectionIds: [open.sectionIds[1]!],
      timeSpentSeconds: 120,
      parts: [partResult(open.sectionIds[1]!, PART_B, 1, 1)],
    })
  ).id;
  ids.anaOpen = (await insertAttempt(db, open, ana.id, { startedAt: at(50) })).id;
  ids.anaSingle = (await insertAttempt(db, single, ana.id, { startedAt: new Date() })).id;
  ids.binh = (
    await insertAttempt(db, limited, binh.id, {
      startedAt: at(30),
      score: 2,
      timeSpentSeconds: 300,
      parts: [partResult(secA, PART_A, 2, 2), partResult(secB, PART_B, 0, 1)],
    })
  ).id;
  ids.binhOrganization = (
    await insertAttempt(db, organizationTest, binh.id, { startedAt: at(35), score: 1, timeSpentSeconds: 60 })
  ).id;
}, 120_000);
afterAll(() => harness.close());

describe('GET /api/user/tests/:slug/me', () => {
  it('lists the learner’s attempts newest first with the best score and no attempts left', async () => {
    const state = await result(`/user/tests/${limited.slug}/me`, asAna);
    expect(state.attempts.map((a: { id: string }) => a.id)).toEqual([ids.anaSecond, ids.anaFirst]);
    expect(state.attempts[0]).toMatchObject({
      mode: 'full',
      status: 'submitted',
      started_at: at(20).toISOString(),
      submitted_at: new Date(at(20).getTime() + 900_000).toISOString(),
      time_spent_seconds: 900,
      grading: 'complete',
      score_total: 3,
      max_score: 3,
      correct: 3,
      total: 3,
      parts: [PART_A, PART_B],
    });
    expect(state).toMatchObject({
      best_score: 3,
      in_progress: null,
      attempts_left: 0,
      can_start: false,
      locked_reason: 'attempts_exhausted',
    });
  });

  it('shows the open attempt with its deadline and the parts a practice covered', async () => {
    const state = await result(`/user/tests/${open.slug}/me`, asAna);
    expect(state.in_progress).toMatchObject({
      id: ids.anaOpen,
      status: 'in_progress',
      deadline_at: new Date(at(50).getTime() + 15 * 60_000).toISOString(),
      score_total: null,
    });
    expect(state.attempts.map((a: { id: string }) => a.id)).toEqual([ids.anaOpen, ids.anaPractice]);
    expect(state.attempts[1]).toMatchObject({ mode: 'practice', parts: [PART_B], score_total: null });
    expect(state).toMatchObject({
      best_score: null,
      attempts_left: null,
      can_start: true,
      locked_reason: null,
    });
  });

  it('lets the learner resume an open attempt even when it used the last one allowed', async () => {
    const state = await result(`/user/tests/${single.slug}/me`, asAna);
    expect(state).toMatchObject({ attempts_left: 0, can_start: true, locked_reason: null });
    expect(state.in_progress.id).toBe(ids.anaSingle);
  });

  it('locks a pack test and starts a fresh learner with the full allowance', async () => {
    expect(await result(`/user/tests/${packed.slug}/me`, asAna)).toEqual({
      attempts: [],
      best_score: null,
      in_progress: null,
      attempts_left: null,
      can_start: false,
      locked_reason: 'pack_required',
    });
    expect(await result(`/user/tests/${limited.slug}/me`, asNewcomer)).toMatchObject({
      attempts: [],
      attempts_left: 2,
      can_start: true,
    });
  });

  it('shows each learner only their own attempts', async () => {
    const state = await result(`/user/tests/${limited.slug}/me`, asBinh);
    expect(state.attempts.map((a: { id: string }) => a.id)).toEqual([ids.binh]);
    expect(state).toMatchObject({ best_score: 2, attempts_left: 1, can_start: true });
  });

  it('needs a learner sign-in and a published platform test', async () => {
    const anonymous = await get(`/user/tests/${limited.slug}/me`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().key).toBe('UNAUTHORIZED');
    expect((await get(`/user/tests/${limited.slug}/me`, asStaff)).statusCode).toBe(403);
    for (const slug of ['no-such-test', draft.slug, organizationTest.slug]) {
      const response = await get(`/user/tests/${slug}/me`, asAna);
      expect(response.statusCode, slug).toBe(404);
    }
  });
});

describe('GET /api/user/test-history', () => {
  it('lists the tests taken, latest activity first, with attempt count, best and latest score', async () => {
    const page = await result('/user/test-history', asAna);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    expect(page.items.map((item: { test: { id: string } }) => item.test.id)).toEqual([
      single.id,
      open.id,
      limited.id,
    ]);
    const taken = page.items[2];
    expect(taken).toMatchObject({
      test: { id: limited.id, title: 'Hai lượt làm bài', slug: limited.slug, exam: { id: exam.examId } },
      attempt_count: 2,
      best_score: 3,
      latest_score: 3,
      max_score: 3,
      latest_attempt: { id: ids.anaSecond, parts: [PART_A, PART_B] },
      last_attempt_at: new Date(at(20).getTime() + 900_000).toISOString(),
    });
    expect(page.items[1]).toMatchObject({
      attempt_count: 2,
      best_score: null,
      latest_score: null,
      max_score: null,
      latest_attempt: { id: ids.anaOpen, status: 'in_progress' },
    });
  });

  it('pages through the tests', async () => {
    const first = await result('/user/test-history?pageSize=2', asAna);
    const second = await result('/user/test-history?pageSize=2&page=2', asAna);
    expect(first.items.map((item: { test: { id: string } }) => item.test.id)).toEqual([single.id, open.id]);
    expect(second.items.map((item: { test: { id: string } }) => item.test.id)).toEqual([limited.id]);
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
  });

  it('never shows another learner’s attempts', async () => {
    const page = await result('/user/test-history', asBinh);
    expect(page.items.map((item: { test: { id: string } }) => item.test.id)).toEqual([
      organizationTest.id,
      limited.id,
    ]);
    expect(page.items[1]).toMatchObject({
      attempt_count: 1,
      best_score: 2,
      latest_attempt: { id: ids.binh },
    });
    expect(await result('/user/test-history', asNewcomer)).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
    });
  });

  it('needs a sign-in and valid paging', async () => {
    expect((await get('/user/test-history')).statusCode).toBe(401);
    const bad = await get('/user/test-history?pageSize=0', asAna);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ pageSize: 'common.invalid_field' });
  });
});

describe('GET /api/user/test-history/:testSlug', () => {
  it('lists every attempt of the test oldest first, for the progress chart', async () => {
    const history = await result(`/user/test-history/${limited.slug}`, asAna);
    expect(history.test).toEqual({
      id: limited.id,
      title: 'Hai lượt làm bài',
      title_en: null,
      slug: limited.slug,
      exam: { id: exam.examId, name: 'Mini Reading', name_en: null },
    });
    expect(history.attempts.map((a: { id: string; score_total: number }) => [a.id, a.score_total])).toEqual([
      [ids.anaFirst, 1],
      [ids.anaSecond, 3],
    ]);
  });

  it('answers 404 for a test the learner never took, even one others took', async () => {
    expect((await get(`/user/test-history/${open.slug}`, asBinh)).statusCode).toBe(404);
    expect((await get('/user/test-history/no-such-test', asAna)).statusCode).toBe(404);
    expect((await get(`/user/test-history/${organizationTest.slug}`, asAna)).statusCode).toBe(404);
    expect((await get(`/user/test-history/${limited.slug}`)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/tests/:id/stats', () => {
  it('adds up attempts, learners, scores, time and per-part correct rates', async () => {
    const stats = await result(`/admin/tests/${limited.id}/stats`, asStaff);
    expect(stats).toMatchObject({
      attempt_count: 3,
      learner_count: 2,
      submitted_count: 3,
      in_progress_count: 0,
      average_score: 2,
      best_score: 3,
      average_time_seconds: 600,
      parts: [
        { section_id: limited.sectionIds[0], name: PART_A, correct_rate: 0.8333 },
        { section_id: limited.sectionIds[1], name: PART_B, correct_rate: 0.3333 },
      ],
    });
    expect(stats.recent.map((a: { id: string }) => a.id)).toEqual([ids.binh, ids.anaSecond, ids.anaFirst]);
    expect(stats.recent[0]).toMatchObject({
      learner: { id: binh.id, full_name: 'Lê Văn Bình', email: binh.email },
      score_total: 2,
      parts: [PART_A, PART_B],
    });
  });

  it('counts open attempts and leaves scores empty when only practice was submitted', async () => {
    const stats = await result(`/admin/tests/${open.id}/stats`, asStaff);
    expect(stats).toMatchObject({
      attempt_count: 2,
      learner_count: 1,
      submitted_count: 1,
      in_progress_count: 1,
      average_score: null,
      best_score: null,
      average_time_seconds: 120,
      parts: [
        { name: PART_A, correct_rate: null },
        { name: PART_B, correct_rate: 1 },
      ],
    });
  });

  it('answers zeros for a test nobody took', async () => {
    expect(await result(`/admin/tests/${draft.id}/stats`, asStaff)).toEqual({
      attempt_count: 0,
      learner_count: 0,
      submitted_count: 0,
      in_progress_count: 0,
      average_score: null,
      best_score: null,
      average_time_seconds: null,
      parts: [],
      recent: [],
    });
  });

  it('needs view_student, keeps to the platform’s tests and answers 404 for a malformed id', async () => {
    expect((await get(`/admin/tests/${limited.id}/stats`)).statusCode).toBe(401);
    const forbidden = await get(`/admin/tests/${limited.id}/stats`, asCategoryStaff);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().key).toBe('FORBIDDEN');
    const testViewer = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await get(`/admin/tests/${limited.id}/stats`, testViewer)).json().key).toBe('FORBIDDEN');
    expect((await get(`/admin/tests/${limited.id}/stats`, asAna)).statusCode).toBe(403);
    expect((await get(`/admin/tests/${organizationTest.id}/stats`, asStaff)).statusCode).toBe(404);
    expect((await get('/admin/tests/00000000-0000-4000-8000-000000000000/stats', asStaff)).statusCode).toBe(
      404,
    );
    // The project's rule for paths: a malformed id names nothing that exists (plugins/errors.ts).
    const bad = await get('/admin/tests/not-a-uuid/stats', asStaff);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().key).toBe('NOT_FOUND');
  });
});

describe('through the attempts API', () => {
  it('shows an attempt started, answered and submitted by the learner in their state, history and the stats', async () => {
    const chi = await createAccount(harness.database.db, { fullName: 'Phạm Minh Chi' });
    const asChi = await authHeader(harness.app, chi);
    const started = await harness.app.inject({
      method: 'POST',
      url: `/api/user/tests/${open.slug}/attempts`,
      headers: asChi,
      payload: { mode: 'full' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().result.id as string;

    const during = await result(`/user/tests/${open.slug}/me`, asChi);
    expect(during.in_progress).toMatchObject({
      id: attemptId,
      status: 'in_progress',
      parts: [PART_A, PART_B],
    });

    const paper = await result(`/user/attempts/${attemptId}`, asChi);
    const questionIds = (
      paper.sections as { items: { kind: string; question?: { id: string } }[] }[]
    ).flatMap((section) => section.items.map((item) => item.question!.id));
    expect(questionIds).toHaveLength(3);
    const submitted = await harness.app.inject({
      method: 'POST',
      url: `/api/user/attempts/${attemptId}/submit`,
      headers: asChi,
      payload: {
        answers: questionIds.map((id, index) => ({
          question_id: id,
          answer: { key: index < 2 ? 'A' : 'B' },
          seq: index + 1,
        })),
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const graded = submitted.json().result;
    expect(graded.counts).toMatchObject({ correct: 2, wrong: 1, total: 3 });

    const after = await result(`/user/tests/${open.slug}/me`, asChi);
    expect(after).toMatchObject({ in_progress: null, best_score: graded.score_total, can_start: true });
    expect(after.attempts[0]).toMatchObject({ id: attemptId, status: 'submitted', correct: 2, total: 3 });

    const history = await result('/user/test-history', asChi);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      test: { id: open.id },
      attempt_count: 1,
      best_score: graded.score_total,
      latest_score: graded.score_total,
      max_score: graded.max_score,
      latest_attempt: { id: attemptId, parts: [PART_A, PART_B] },
    });
    const chart = await result(`/user/test-history/${open.slug}`, asChi);
    expect(chart.attempts.map((a: { id: string }) => a.id)).toEqual([attemptId]);

    const stats = await result(`/admin/tests/${open.id}/stats`, asStaff);
    expect(stats).toMatchObject({
      attempt_count: 3,
      learner_count: 2,
      submitted_count: 2,
      best_score: graded.score_total,
    });
    expect(stats.parts).toEqual([
      { section_id: open.sectionIds[0], name: PART_A, correct_rate: 1 },
      { section_id: open.sectionIds[1], name: PART_B, correct_rate: 0.5 },
    ]);
    expect(stats.recent[0]).toMatchObject({
      id: attemptId,
      learner: { id: chi.id, full_name: 'Phạm Minh Chi' },
    });
  });
});
