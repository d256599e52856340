import { expect } from 'vitest';
import { classOf, publishedOrganizationTest, studentOf } from '../organization-test';
import { defineCases, type IsolationWorld } from './world';

/**
 * Assignments of organization A's tests (modules/assignments): organization B's owner never reads, edits,
 * cancels, releases or exports them, nor assigns A's test.
 */

const base = '/api/educator/tests/:id/assignments';
const windowBody = (classId: string) => ({
  class_ids: [classId],
  opens_at: new Date(Date.now() - 3_600_000).toISOString(),
  closes_at: new Date(Date.now() + 3_600_000).toISOString(),
  attempts_allowed: 1,
  answers_shown: 'after_close',
});

/** One published test of A serves every case (A's package limits its tests). */
let shared: Promise<{ id: string; classId: string }> | undefined;
const testOfA = (world: IsolationWorld) => {
  shared ??= (async () => {
    const test = await publishedOrganizationTest(world.app, world.orgA.asOwner, 'Đề được giao của A');
    const classId = await classOf(world.app, world.orgA.id);
    await studentOf(world.app, world.orgA.id, { classId, fullName: 'Học viên của A' });
    return { id: test.id, classId };
  })();
  return shared;
};
async function assignmentOfA(world: IsolationWorld) {
  const test = await testOfA(world);
  const made = await world.ok<{ id: string }>(
    'POST',
    `/api/educator/tests/${test.id}/assignments`,
    world.orgA.asOwner,
    windowBody(test.classId),
  );
  return { id: test.id, assignmentId: made.id, classId: test.classId };
}
const assignmentState = (world: IsolationWorld, params: Record<string, string>) =>
  world.ok(
    'GET',
    `/api/educator/tests/${params.id}/assignments/${params.assignmentId}/results`,
    world.orgA.asOwner,
  );

export default defineCases([
  {
    method: 'GET',
    url: base,
    setup: assignmentOfA,
  },
  {
    method: 'POST',
    url: base,
    setup: async (world) => {
      const test = await testOfA(world);
      return { id: test.id, classId: test.classId };
    },
    body: (_world, params) => windowBody(params.classId!),
  },
  {
    method: 'PUT',
    url: `${base}/:assignmentId`,
    setup: assignmentOfA,
    body: (_world, params) => ({ ...windowBody(params.classId!), attempts_allowed: 4 }),
    snapshot: assignmentState,
  },
  {
    method: 'POST',
    url: `${base}/:assignmentId/cancel`,
    setup: assignmentOfA,
    snapshot: assignmentState,
  },
  {
    method: 'POST',
    url: `${base}/:assignmentId/release`,
    setup: assignmentOfA,
    snapshot: assignmentState,
  },
  { method: 'GET', url: `${base}/:assignmentId/results`, setup: assignmentOfA },
  { method: 'GET', url: `${base}/:assignmentId/similarity`, setup: assignmentOfA },
  {
    // One attempt's integrity timeline (issue 29).
    method: 'GET',
    url: `${base}/:assignmentId/attempts/:attemptId/integrity`,
    setup: async (world) => {
      const test = await publishedOrganizationTest(
        world.app,
        world.orgA.asOwner,
        'Đề có dòng thời gian của A',
      );
      const student = await studentOf(world.app, world.orgA.id, { fullName: 'Học viên làm bài của A' });
      const made = await world.ok<{ id: string }>(
        'POST',
        `/api/educator/tests/${test.id}/assignments`,
        world.orgA.asOwner,
        { ...windowBody(''), class_ids: [], student_ids: [student.id] },
      );
      const started = await world.inject(
        'POST',
        `/api/user/organizations/${world.orgA.slug}/tests/${test.slug}/attempts`,
        student.headers,
      );
      expect(started.statusCode, started.body).toBe(201);
      return { id: test.id, assignmentId: made.id, attemptId: started.json().result.id as string };
    },
  },
  {
    method: 'GET',
    url: `${base}/:assignmentId/results/export`,
    setup: assignmentOfA,
    snapshot: async (world, params) => {
      const response = await world.inject(
        'GET',
        `/api/educator/tests/${params.id}/assignments/${params.assignmentId}/results/export`,
        world.orgA.asOwner,
      );
      expect(response.statusCode).toBe(200);
      return response.body;
    },
  },
]);
