import { expect } from 'vitest';
import { publishedOrganizationTest, studentOf } from '../organization-test';
import { defineCases, type IsolationWorld } from './world';

/**
 * Smart tests' blueprints and a test's attempt results (modules/practice-tests): organization B's owner never
 * changes A's blueprint, reads the result of A's student nor marks their essay.
 */

/** A's published manual test, made once: its exam serves the smart test, its attempt the result case. */
let shared: Promise<{ id: string; slug: string; examId: string; essayId: string }> | undefined;
const manualOfA = (world: IsolationWorld) => {
  shared ??= (async () => {
    const test = await publishedOrganizationTest(world.app, world.orgA.asOwner, 'Đề chọn tay của A');
    const detail = await world.ok<{ exam: { id: string } }>(
      'GET',
      `/api/educator/tests/${test.id}`,
      world.orgA.asOwner,
    );
    return { id: test.id, slug: test.slug, examId: detail.exam.id, essayId: test.essayId };
  })();
  return shared;
};

async function smartOfA(world: IsolationWorld) {
  const manual = await manualOfA(world);
  const smart = await world.ok<{ id: string; sections: { id: string }[] }>(
    'POST',
    '/api/educator/tests',
    world.orgA.asOwner,
    { exam_id: manual.examId, title: 'Đề trộn của A', duration_minutes: 20, kind: 'smart' },
  );
  return { id: smart.id, sectionId: smart.sections[0]!.id };
}

/** A student of A who took A's test under an assignment and submitted it, with an essay to mark. */
export async function attemptOfA(world: IsolationWorld) {
  const test = await manualOfA(world);
  const student = await studentOf(world.app, world.orgA.id);
  await world.ok('POST', `/api/educator/tests/${test.id}/assignments`, world.orgA.asOwner, {
    student_ids: [student.id],
    opens_at: new Date(Date.now() - 60_000).toISOString(),
    closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    attempts_allowed: 1,
    answers_shown: 'immediately',
  });
  const started = await world.inject(
    'POST',
    `/api/user/organizations/${world.orgA.slug}/tests/${test.slug}/attempts`,
    student.headers,
  );
  expect(started.statusCode, started.body).toBe(201);
  const attemptId = (started.json().result as { id: string }).id;
  await world.ok('POST', `/api/user/attempts/${attemptId}/submit`, student.headers, {
    answers: [{ question_id: test.essayId, answer: { text: 'A short essay of A.' }, flagged: false, seq: 1 }],
  });
  return { id: test.id, attemptId, questionId: test.essayId };
}

export default defineCases([
  {
    method: 'PUT',
    url: '/api/educator/tests/:id/sections/:sectionId/blueprint',
    setup: smartOfA,
    body: () => ({ rows: [{ count: 1 }] }),
    snapshot: (world, params) => world.ok('GET', `/api/educator/tests/${params.id}`, world.orgA.asOwner),
  },
  { method: 'GET', url: '/api/educator/tests/:id/attempts/:attemptId/result', setup: attemptOfA },
  {
    method: 'PUT',
    url: '/api/educator/tests/:id/attempts/:attemptId/essays/:questionId/mark',
    setup: attemptOfA,
    body: () => ({ criteria: { task: 5, coherence: 5, vocabulary: 5, grammar: 5 }, comment: 'B' }),
    snapshot: (world, params) =>
      world.ok(
        'GET',
        `/api/educator/tests/${params.id}/attempts/${params.attemptId}/result`,
        world.orgA.asOwner,
      ),
  },
]);
