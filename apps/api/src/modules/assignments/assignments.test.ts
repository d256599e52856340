import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { classOf, publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { testAssignments } from '../../db/schema';
import { readFirstSheet } from '../import-export/formats/xlsx';

/** Assignments of an organization's tests (issue 15): the teacher's and the student's side through the API. */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;
let test: { id: string; slug: string; questionIds: string[]; essayId: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
async function ok<T = Record<string, unknown>>(
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: object,
  status = 200,
): Promise<T> {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().result as T;
}
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const window = (overrides: object = {}) => ({
  opens_at: hours(-1),
  closes_at: hours(2),
  attempts_allowed: 1,
  time_limit_minutes: null,
  answers_shown: 'immediately',
  ...overrides,
});

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Ánh Dương' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
  test = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra giữa kỳ');
});
afterAll(() => harness?.close());

describe('assigning a test', () => {
  it('assigns to a class and chosen students; the list counts the students reached once', async () => {
    const classId = await classOf(harness.app, center.id, 'Lớp 10A1');
    await studentOf(harness.app, center.id, { classId, fullName: 'An' });
    const both = await studentOf(harness.app, center.id, { classId, fullName: 'Bình' });
    const chosen = await studentOf(harness.app, center.id, { fullName: 'Chi' });
    const created = await ok<{
      id: string;
      state: string;
      student_count: number;
      classes: { name: string }[];
    }>(
      'POST',
      `/educator/tests/${test.id}/assignments`,
      center.asOwner,
      window({ class_ids: [classId], student_ids: [both.id, chosen.id], time_limit_minutes: 20 }),
    );
    expect(created).toMatchObject({ state: 'open', student_count: 3, classes: [{ name: 'Lớp 10A1' }] });
    const list = await ok<{ id: string; time_limit_minutes: number }[]>(
      'GET',
      `/educator/tests/${test.id}/assignments`,
      center.asOwner,
    );
    expect(list.map((entry) => entry.id)).toContain(created.id);
    expect(list.find((entry) => entry.id === created.id)?.time_limit_minutes).toBe(20);
  });

  it('names the field and its translation key on invalid input, and never answers 5xx', async () => {
    const url = `/educator/tests/${test.id}/assignments`;
    const noTarget = await call('POST', url, center.asOwner, window({ class_ids: [], student_ids: [] }));
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json().errors).toMatchObject({ class_ids: 'assignment.targets_required' });
    const classId = await classOf(harness.app, center.id);
    const reversed = await call(
      'POST',
      url,
      center.asOwner,
      window({ class_ids: [classId], closes_at: hours(-2) }),
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toMatchObject({ closes_at: 'assignment.closes_before_opens' });
    for (const bad of [
      { attempts_allowed: 0 },
      { attempts_allowed: 1.5 },
      { time_limit_minutes: -3 },
      { answers_shown: 'sometimes' },
      { opens_at: 'tomorrow' },
      { class_ids: ['not-a-uuid'] },
    ]) {
      const response = await call('POST', url, center.asOwner, window({ class_ids: [classId], ...bad }));
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      const [field] = Object.keys(bad);
      expect(Object.keys(response.json().errors).some((key) => key.startsWith(field!))).toBe(true);
    }
  });

  it('a window in year 0 (which PostgreSQL cannot store) answers 422 on its field, created or changed', async () => {
    const url = `/educator/tests/${test.id}/assignments`;
    const classId = await classOf(harness.app, center.id);
    const yearZero = ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00'];
    for (const opens_at of yearZero) {
      const response = await call('POST', url, center.asOwner, window({ class_ids: [classId], opens_at }));
      expect(response.statusCode, `${opens_at} ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ opens_at: 'common.invalid_date' });
    }
    const created = await ok<{ id: string }>('POST', url, center.asOwner, window({ class_ids: [classId] }));
    const changed = await call(
      'PUT',
      `${url}/${created.id}`,
      center.asOwner,
      window({ class_ids: [classId], opens_at: '0000-01-01T00:00:00Z', closes_at: '0000-06-01T00:00:00Z' }),
    );
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().errors).toMatchObject({
      opens_at: 'common.invalid_date',
      closes_at: 'common.invalid_date',
    });
  });

  it("refuses another organization's class, student or test with 404 naming the entry", async () => {
    const foreignClass = await classOf(harness.app, other.id);
    const foreignStudent = await studentOf(harness.app, other.id);
    const url = `/educator/tests/${test.id}/assignments`;
    const byClass = await call('POST', url, center.asOwner, window({ class_ids: [foreignClass] }));
    expect(byClass.statusCode).toBe(404);
    expect(byClass.json().errors).toEqual({ 'class_ids.0': 'class.unknown' });
    const byStudent = await call('POST', url, center.asOwner, window({ student_ids: [foreignStudent.id] }));
    expect(byStudent.statusCode).toBe(404);
    expect(byStudent.json().errors).toEqual({ 'student_ids.0': 'student.unknown' });
    const ownClass = await classOf(harness.app, other.id);
    const foreignTest = await call('POST', url, other.asOwner, window({ class_ids: [ownClass] }));
    expect(foreignTest.statusCode).toBe(404);
  });

  it('is for staff with the test permission: reading needs view_test, assigning update_test', async () => {
    const reader = await createOrganizationStaff(harness.app, center.id, ['view_test']);
    const classId = await classOf(harness.app, center.id);
    await ok('GET', `/educator/tests/${test.id}/assignments`, reader.headers);
    const refused = await call(
      'POST',
      `/educator/tests/${test.id}/assignments`,
      reader.headers,
      window({ class_ids: [classId] }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('edits and cancels: a cancelled assignment disappears for its students and cannot be edited', async () => {
    const student = await studentOf(harness.app, center.id);
    const made = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${test.id}/assignments`,
      center.asOwner,
      window({ student_ids: [student.id], opens_at: hours(1), closes_at: hours(3) }),
    );
    const mine = await ok<{ id: string; state: string }[]>('GET', '/user/assignments', student.headers);
    expect(mine.find((entry) => entry.id === made.id)?.state).toBe('upcoming');
    const edited = await ok<{ attempts_allowed: number; answers_shown: string }>(
      'PUT',
      `/educator/tests/${test.id}/assignments/${made.id}`,
      center.asOwner,
      window({ student_ids: [student.id], attempts_allowed: 3, answers_shown: 'never' }),
    );
    expect(edited).toMatchObject({ attempts_allowed: 3, answers_shown: 'never' });
    const cancelled = await ok<{ state: string }>(
      'POST',
      `/educator/tests/${test.id}/assignments/${made.id}/cancel`,
      center.asOwner,
    );
    expect(cancelled.state).toBe('cancelled');
    expect(
      (await ok<{ id: string }[]>('GET', '/user/assignments', student.headers)).map((e) => e.id),
    ).not.toContain(made.id);
    const again = await call(
      'PUT',
      `/educator/tests/${test.id}/assignments/${made.id}`,
      center.asOwner,
      window({ student_ids: [student.id] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ assignment: 'assignment.cancelled' });
  });
});

describe('taking an assigned test', () => {
  it('is refused when not assigned, before the window, and beyond the attempts allowed', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Bài kiểm tra 15 phút');
    const student = await studentOf(harness.app, center.id);
    const start = `/user/organizations/${center.slug}/tests/${own.slug}/attempts`;
    const unassigned = await call('POST', start, student.headers);
    expect(unassigned.statusCode).toBe(404);
    expect(unassigned.json().errors).toEqual({ test: 'assignment.not_assigned' });
    // The platform's start route does not reach an organization's test either.
    expect((await call('POST', `/user/tests/${own.slug}/attempts`, student.headers, {})).statusCode).toBe(
      404,
    );

    const made = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ student_ids: [student.id], opens_at: hours(1), closes_at: hours(2) }),
    );
    const early = await call('POST', start, student.headers);
    expect(early.statusCode).toBe(403);
    expect(early.json().errors).toEqual({ test: 'assignment.not_open_yet' });

    await ok(
      'PUT',
      `/educator/tests/${own.id}/assignments/${made.id}`,
      center.asOwner,
      window({ student_ids: [student.id], time_limit_minutes: 10 }),
    );
    const first = await ok<{ id: string; resumed: boolean }>('POST', start, student.headers, undefined, 201);
    const resumed = await ok<{ id: string; resumed: boolean }>('POST', start, student.headers);
    expect(resumed).toEqual({ id: first.id, resumed: true });
    // The existing runner's paper: the deadline is the assignment's time limit.
    const paper = await ok<{ attempt: { deadline_at: string; started_at: string } }>(
      'GET',
      `/user/attempts/${first.id}`,
      student.headers,
    );
    const minutes = (Date.parse(paper.attempt.deadline_at) - Date.parse(paper.attempt.started_at)) / 60_000;
    expect(Math.round(minutes)).toBe(10);
    await ok('POST', `/user/attempts/${first.id}/submit`, student.headers, {});
    const exhausted = await call('POST', start, student.headers);
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json().errors).toEqual({ test: 'attempt.attempts_exhausted' });

    // Closed: refused, and the deadline of an attempt never passes the close time.
    await harness.app.db
      .update(testAssignments)
      .set({
        attemptsAllowed: 5,
        closesAt: new Date(Date.now() - 1000),
        opensAt: new Date(Date.now() - 7_200_000),
      })
      .where(eq(testAssignments.id, made.id));
    const late = await call('POST', start, student.headers);
    expect(late.statusCode).toBe(403);
    expect(late.json().errors).toEqual({ test: 'assignment.closed' });
  });

  it('cuts the deadline at the close time', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Bài kiểm tra cuối giờ');
    const student = await studentOf(harness.app, center.id);
    await ok(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ student_ids: [student.id], closes_at: new Date(Date.now() + 5 * 60_000).toISOString() }),
    );
    const started = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
      student.headers,
      undefined,
      201,
    );
    const paper = await ok<{ attempt: { deadline_at: string; started_at: string } }>(
      'GET',
      `/user/attempts/${started.id}`,
      student.headers,
    );
    expect(Date.parse(paper.attempt.deadline_at) - Date.parse(paper.attempt.started_at)).toBeLessThanOrEqual(
      5 * 60_000,
    );
  });

  it('shows the score always and the per-question review only when the policy releases it', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra chính sách đáp án');
    const student = await studentOf(harness.app, center.id);
    const made = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ student_ids: [student.id], answers_shown: 'after_close' }),
    );
    const started = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
      student.headers,
      undefined,
      201,
    );
    await ok('PUT', `/user/attempts/${started.id}/answers`, student.headers, {
      answers: own.questionIds
        .slice(0, 6)
        .map((id, i) => ({ question_id: id, answer: { key: 'B' }, flagged: false, seq: i + 1 })),
    });
    type Result = {
      breakdown: { missed: number[] }[];
      counts: { correct: number };
      review: unknown[];
      answers_visible: boolean;
      review_withheld: { until: string | null } | null;
    };
    const submitted = await ok<Result>('POST', `/user/attempts/${started.id}/submit`, student.headers, {});
    expect(submitted.counts.correct).toBe(6);
    expect(submitted.review).toEqual([]);
    expect(submitted.review_withheld?.until).toBeTruthy();
    const read = await ok<Result>('GET', `/user/attempts/${started.id}/result`, student.headers);
    expect(read).toMatchObject({ answers_visible: false, review: [] });
    expect(read.breakdown.length).toBeGreaterThan(0);
    expect(read.breakdown.every((row) => row.missed.length === 0)).toBe(true);
    expect(JSON.stringify(read)).not.toContain('explanation');

    // The teacher sees everything at once, through the student's result route.
    const teacher = await ok<Result>(
      'GET',
      `/educator/students/${student.id}/tests/${own.id}/attempts/${started.id}/result`,
      center.asOwner,
    );
    expect(teacher.review.length).toBeGreaterThan(0);

    // After the close time the review is released.
    await harness.app.db
      .update(testAssignments)
      .set({ closesAt: new Date(Date.now() - 1000), opensAt: new Date(Date.now() - 7_200_000) })
      .where(eq(testAssignments.id, made.id));
    const released = await ok<Result>('GET', `/user/attempts/${started.id}/result`, student.headers);
    expect(released.review.length).toBeGreaterThan(0);
    expect(released.review_withheld).toBeNull();

    // Never: the score only, even after the close.
    await harness.app.db
      .update(testAssignments)
      .set({ answersShown: 'never' })
      .where(eq(testAssignments.id, made.id));
    const never = await ok<Result>('GET', `/user/attempts/${started.id}/result`, student.headers);
    expect(never).toMatchObject({ review: [], review_withheld: { until: null }, counts: { correct: 6 } });
    // Someone else's attempt stays a 404.
    const stranger = await studentOf(harness.app, center.id);
    expect((await call('GET', `/user/attempts/${started.id}/result`, stranger.headers)).statusCode).toBe(404);
  });

  it('lists the assigned tests of one organization for its student, and nothing for a non-member', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra từ vựng');
    const classId = await classOf(harness.app, center.id);
    const student = await studentOf(harness.app, center.id, { classId });
    await ok(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ class_ids: [classId], attempts_allowed: 2 }),
    );
    const mine = await ok<
      { test: { slug: string }; organization: { slug: string }; state: string; attempts_allowed: number }[]
    >('GET', `/user/assignments?organization=${center.slug}`, student.headers);
    expect(mine.find((entry) => entry.test.slug === own.slug)).toMatchObject({
      state: 'open',
      attempts_allowed: 2,
      organization: { slug: center.slug },
    });
    const one = await ok<{ attempts_used: number }>(
      'GET',
      `/user/organizations/${center.slug}/tests/${own.slug}`,
      student.headers,
    );
    expect(one.attempts_used).toBe(0);
    const outsider = await studentOf(harness.app, other.id);
    expect(await ok('GET', `/user/assignments?organization=${center.slug}`, outsider.headers)).toEqual([]);
    expect(
      (await call('GET', `/user/organizations/${center.slug}/tests/${own.slug}`, outsider.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('results for teachers', () => {
  it('lists every assigned student with status, score and times, and exports CSV and XLSX', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra kết quả');
    const classId = await classOf(harness.app, center.id);
    const done = await studentOf(harness.app, center.id, { classId, fullName: 'Đào Văn Đạt' });
    const busy = await studentOf(harness.app, center.id, { classId, fullName: 'Lê Thị Lan' });
    const idle = await studentOf(harness.app, center.id, { classId, fullName: 'Ngô Minh' });
    const writer = await studentOf(harness.app, center.id, { classId, fullName: 'Phạm Thu' });
    const made = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ class_ids: [classId] }),
    );
    const start = `/user/organizations/${center.slug}/tests/${own.slug}/attempts`;
    const doneAttempt = await ok<{ id: string }>('POST', start, done.headers, undefined, 201);
    await ok('POST', `/user/attempts/${doneAttempt.id}/submit`, done.headers, {
      answers: [{ question_id: own.questionIds[0], answer: { key: 'B' }, flagged: false, seq: 1 }],
    });
    await ok('POST', start, busy.headers, undefined, 201);
    const essayAttempt = await ok<{ id: string }>('POST', start, writer.headers, undefined, 201);
    await ok('POST', `/user/attempts/${essayAttempt.id}/submit`, writer.headers, {
      answers: [
        {
          question_id: own.essayId,
          answer: { text: 'My favourite place is the lake.' },
          flagged: false,
          seq: 1,
        },
      ],
    });

    type Row = {
      student: { id: string };
      status: string;
      correct_count: number | null;
      started_at: string | null;
      submitted_at: string | null;
      attempt_id: string | null;
      time_spent_seconds: number | null;
    };
    const results = await ok<{ assignment: { submitted_count: number; student_count: number }; rows: Row[] }>(
      'GET',
      `/educator/tests/${own.id}/assignments/${made.id}/results`,
      center.asOwner,
    );
    expect(results.assignment).toMatchObject({ submitted_count: 2, student_count: 4 });
    const byId = new Map(results.rows.map((row) => [row.student.id, row]));
    expect(byId.get(done.id)).toMatchObject({
      status: 'graded',
      correct_count: 1,
      attempt_id: doneAttempt.id,
    });
    expect(byId.get(done.id)?.submitted_at).toBeTruthy();
    // An essay waits for a teacher: that submission is "to grade".
    expect(byId.get(writer.id)).toMatchObject({ status: 'to_grade' });
    expect(byId.get(busy.id)).toMatchObject({ status: 'in_progress', submitted_at: null });
    expect(byId.get(busy.id)?.started_at).toBeTruthy();
    expect(byId.get(idle.id)).toMatchObject({ status: 'not_started', attempt_id: null, started_at: null });

    const csv = await call(
      'GET',
      `/educator/tests/${own.id}/assignments/${made.id}/results/export?format=csv`,
      center.asOwner,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('.csv');
    expect(csv.body).toContain('Đào Văn Đạt');
    expect(csv.body).toContain('to_grade');
    expect(csv.body).toContain('graded');
    const xlsx = await call(
      'GET',
      `/educator/tests/${own.id}/assignments/${made.id}/results/export?format=xlsx`,
      center.asOwner,
    );
    expect(xlsx.statusCode).toBe(200);
    const sheet = readFirstSheet(new Uint8Array(xlsx.rawPayload));
    const cells = sheet.map((row) => row.cells.join('|')).join('\n');
    expect(cells).toContain('full_name');
    expect(cells).toContain('Lê Thị Lan');
    expect(cells).toContain('in_progress');

    // Another organization's owner: 404 on the results and the export.
    expect(
      (await call('GET', `/educator/tests/${own.id}/assignments/${made.id}/results`, other.asOwner))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/educator/tests/${own.id}/assignments/${made.id}/results/export?format=xlsx`,
          other.asOwner,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('answer similarity', () => {
  it('waits for five learners, compares only the objective questions, and never flags the only wrong answer', async () => {
    const own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra tương đồng');
    const classId = await classOf(harness.app, center.id, 'Lớp tương đồng');
    const made = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      window({ class_ids: [classId] }),
    );
    const url = `/educator/tests/${own.id}/assignments/${made.id}/similarity`;
    const start = `/user/organizations/${center.slug}/tests/${own.slug}/attempts`;
    type Similarity = { learners: number; questions: number; enough: boolean; pairs: unknown[] };
    const take = async (name: string, keys: string[]) => {
      const student = await studentOf(harness.app, center.id, { classId, fullName: name });
      const attempt = await ok<{ id: string }>('POST', start, student.headers, undefined, 201);
      await ok('POST', `/user/attempts/${attempt.id}/submit`, student.headers, {
        answers: keys.map((key, index) => ({
          question_id: own.questionIds[index],
          answer: { key },
          flagged: false,
          seq: index + 1,
        })),
      });
      return student;
    };
    // Two learners give the same wrong answers everywhere: on two-option questions that is the only wrong
    // answer there is, so it proves nothing.
    const learner = await take('Bùi An', Array(9).fill('A'));
    await take('Cao Bình', Array(9).fill('A'));
    await take('Dương Chi', ['B', 'B', 'A', 'B', 'B', 'A', 'B', 'B', 'B']);
    await take('Giang Dũng', ['B', 'A', 'B', 'B', 'A', 'B', 'B', 'A', 'B']);
    const early = await ok<Similarity>('GET', url, center.asOwner);
    expect(early).toMatchObject({ learners: 4, questions: 9, enough: false, pairs: [] });
    await take('Hà Giang', ['A', 'B', 'B', 'A', 'B', 'B', 'A', 'B', 'B']);
    const report = await ok<Similarity>('GET', url, center.asOwner);
    expect(report).toMatchObject({ learners: 5, questions: 9, enough: true, pairs: [] });

    // Another centre's staff and a learner cannot read it.
    expect((await call('GET', url, other.asOwner)).statusCode).toBe(404);
    expect([401, 403]).toContain((await call('GET', url, learner.headers)).statusCode);
  });
});
