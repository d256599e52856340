import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { classOf, publishedOrganizationTest, studentOf } from '../../../test/organization-test';

/**
 * Teachers mark essays and release results (issue 15): the mark grades the attempt again, the results
 * table moves from "to grade" to "graded", and the student reads the criteria and the comment once the
 * review is released.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;

const { call, ok } = apiClient(() => harness.app);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

interface Result {
  grading: string;
  counts: { correct: number; partial: number; pending: number; total: number };
  review: {
    items: {
      kind: string;
      question?: { id: string; outcome: string; points: number; teacher_mark?: unknown };
    }[];
  }[];
  review_withheld?: { until: string | null } | null;
}
const question = (result: Result, id: string) =>
  result.review
    .flatMap((section) => section.items)
    .map((item) => item.question)
    .find((entry) => entry?.id === id);

const MARK = {
  criteria: { task: 7, coherence: 6.5, vocabulary: 6, grammar: 6.5 },
  comment: 'Ý rõ ràng; cần thêm từ nối giữa các đoạn.',
};

let own: Awaited<ReturnType<typeof publishedOrganizationTest>>;
let assignmentId: string;
let writer: Awaited<ReturnType<typeof studentOf>>;
let attemptId: string;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Hướng Dương' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Bình Minh' });
  own = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra viết');
  const classId = await classOf(harness.app, center.id);
  writer = await studentOf(harness.app, center.id, { classId, fullName: 'Phạm Thu Hà' });
  const assignment = await ok<{ id: string }>(
    'POST',
    `/educator/tests/${own.id}/assignments`,
    center.asOwner,
    {
      opens_at: hours(-1),
      closes_at: hours(48),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [classId],
    },
  );
  assignmentId = assignment.id;
  const started = await ok<{ id: string }>(
    'POST',
    `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
    writer.headers,
    undefined,
    201,
  );
  attemptId = started.id;
  await ok('POST', `/user/attempts/${attemptId}/submit`, writer.headers, {
    answers: [
      { question_id: own.questionIds[0], answer: { key: 'B' }, flagged: false, seq: 1 },
      {
        question_id: own.essayId,
        answer: { text: 'My favourite place is the lake near my grandparents’ house.' },
        flagged: false,
        seq: 2,
      },
    ],
  });
});
afterAll(() => harness?.close());

const markUrl = (questionId = own.essayId, attempt = attemptId, testId = own.id) =>
  `/educator/tests/${testId}/attempts/${attempt}/essays/${questionId}/mark`;
const resultsUrl = () => `/educator/tests/${own.id}/assignments/${assignmentId}/results`;

describe('marking an essay', () => {
  it('grades the attempt again: the essay earns the criteria’s mean, the row moves to graded', async () => {
    const before = await ok<{ rows: { student: { id: string }; status: string }[] }>(
      'GET',
      resultsUrl(),
      center.asOwner,
    );
    expect(before.rows.find((row) => row.student.id === writer.id)?.status).toBe('to_grade');

    const marked = await ok<Result>('PUT', markUrl(), center.asOwner, MARK);
    expect(marked.grading).toBe('complete');
    expect(marked.counts).toMatchObject({ correct: 1, partial: 1, pending: 0, total: 10 });
    const essay = question(marked, own.essayId);
    // (7 + 6.5 + 6 + 6.5) / 4 = 6.5 of 10: 0.65 of the essay's point.
    expect(essay).toMatchObject({ outcome: 'partial', points: 0.65 });
    expect(essay?.teacher_mark).toMatchObject({
      criteria: MARK.criteria,
      score: 6.5,
      comment: MARK.comment,
    });

    const after = await ok<{ rows: { student: { id: string }; status: string; correct_count: number }[] }>(
      'GET',
      resultsUrl(),
      center.asOwner,
    );
    expect(after.rows.find((row) => row.student.id === writer.id)).toMatchObject({
      status: 'graded',
      correct_count: 1,
    });

    // Marking again replaces the mark: full marks make the essay correct.
    const full = await ok<Result>('PUT', markUrl(), center.asOwner, {
      criteria: { task: 10, coherence: 10, vocabulary: 10, grammar: 10 },
    });
    expect(question(full, own.essayId)).toMatchObject({ outcome: 'correct', points: 1 });
    expect(full.counts).toMatchObject({ correct: 2, partial: 0, pending: 0 });
    await ok('PUT', markUrl(), center.asOwner, MARK);
  });

  it('names the field of a bad score, and refuses a question that is not an answered essay', async () => {
    for (const [criteria, field] of [
      [{ ...MARK.criteria, task: 11 }, 'criteria.task'],
      [{ ...MARK.criteria, grammar: 6.3 }, 'criteria.grammar'],
      [{ ...MARK.criteria, coherence: -1 }, 'criteria.coherence'],
      [{ task: 5, coherence: 5, vocabulary: 5 }, 'criteria.grammar'],
    ] as const) {
      const response = await call('PUT', markUrl(), center.asOwner, { criteria });
      expect(response.statusCode, JSON.stringify(criteria)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const long = await call('PUT', markUrl(), center.asOwner, { ...MARK, comment: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ comment: 'common.max_length' });

    const choice = await call('PUT', markUrl(own.questionIds[0]), center.asOwner, MARK);
    expect(choice.statusCode).toBe(422);
    expect(choice.json().errors).toEqual({ question_id: 'attempt.not_an_essay' });

    // A student who left the essay blank has nothing to mark.
    const classId = await classOf(harness.app, center.id);
    const blank = await studentOf(harness.app, center.id, { classId, fullName: 'Đỗ Minh' });
    const assignment = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      {
        opens_at: hours(-1),
        closes_at: hours(2),
        attempts_allowed: 1,
        time_limit_minutes: null,
        answers_shown: 'immediately',
        student_ids: [blank.id],
      },
    );
    expect(assignment.id).toBeTruthy();
    const started = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
      blank.headers,
      undefined,
      201,
    );
    await ok('POST', `/user/attempts/${started.id}/submit`, blank.headers, { answers: [] });
    const empty = await call('PUT', markUrl(own.essayId, started.id), center.asOwner, MARK);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ question_id: 'attempt.not_an_essay' });

    const unknown = await call('PUT', markUrl('00000000-0000-4000-8000-000000000000'), center.asOwner, MARK);
    expect(unknown.statusCode).toBe(404);
  });

  it('is for staff of the test’s organization who may update tests; others get 403 or 404', async () => {
    const viewer = await createOrganizationStaff(harness.app, center.id, ['view_test']);
    expect((await call('PUT', markUrl(), viewer.headers, MARK)).statusCode).toBe(403);
    // Another organization's owner: the test and the attempt are not theirs.
    expect((await call('PUT', markUrl(), other.asOwner, MARK)).statusCode).toBe(404);
    // The student cannot mark their own essay.
    expect((await call('PUT', markUrl(), writer.headers, MARK)).statusCode).toBe(403);
  });
});

describe('releasing results', () => {
  it('withholds the review until the teacher releases it, then shows the essay’s mark and comment', async () => {
    const withheld = await ok<Result>('GET', `/user/attempts/${attemptId}/result`, writer.headers);
    expect(withheld.review).toEqual([]);
    expect(withheld.review_withheld).toEqual({ until: expect.any(String) });
    expect(withheld.grading).toBe('complete');

    const released = await ok<{ results_released_at: string | null }>(
      'POST',
      `/educator/tests/${own.id}/assignments/${assignmentId}/release`,
      center.asOwner,
    );
    expect(released.results_released_at).toBeTruthy();
    // Idempotent: the first release time stays.
    const again = await ok<{ results_released_at: string | null }>(
      'POST',
      `/educator/tests/${own.id}/assignments/${assignmentId}/release`,
      center.asOwner,
    );
    expect(again.results_released_at).toBe(released.results_released_at);

    const shown = await ok<Result>('GET', `/user/attempts/${attemptId}/result`, writer.headers);
    expect(shown.review_withheld).toBeNull();
    expect(question(shown, own.essayId)?.teacher_mark).toMatchObject({
      score: 6.5,
      comment: MARK.comment,
      marked_by: expect.any(String),
    });
  });

  it('refuses a release where the policy needs none, and another organization’s assignment', async () => {
    const classId = await classOf(harness.app, center.id);
    const immediate = await ok<{ id: string }>(
      'POST',
      `/educator/tests/${own.id}/assignments`,
      center.asOwner,
      {
        opens_at: hours(-1),
        closes_at: hours(2),
        attempts_allowed: 1,
        time_limit_minutes: null,
        answers_shown: 'immediately',
        class_ids: [classId],
      },
    );
    const refused = await call(
      'POST',
      `/educator/tests/${own.id}/assignments/${immediate.id}/release`,
      center.asOwner,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ assignment: 'assignment.release_not_applicable' });
    const foreign = await call(
      'POST',
      `/educator/tests/${own.id}/assignments/${assignmentId}/release`,
      other.asOwner,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
