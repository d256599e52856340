import { expect } from 'vitest';
import { organizationStudents } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed';
import { demoAccountsStep } from '../../src/seed/demo-accounts';
import { examStructureStep } from '../../src/seed/exam-structure';
import { practiceTestsStep } from '../../src/seed/practice-tests';
import { authHeader, createAccount } from '../factories';
import { defineCases, type IsolationWorld } from './world';

/** A learner's attempts of a test and the analytics (modules/learners). */

const base = '/api/educator';
const TOEIC = 'toeic-listening-reading-de-luyen-1';

/** A student of organization A with a submitted attempt at the platform's TOEIC practice test. */
async function attemptOfA(world: IsolationWorld) {
  await seedDatabase(world.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, practiceTestsStep],
    context: { storage: world.app.storage },
  });
  const learner = await createAccount(world.db, { fullName: 'Học viên của A' });
  await world.db
    .insert(organizationStudents)
    .values({ organizationId: world.orgA.id, userId: learner.id, joinedVia: 'code' });
  const headers = await authHeader(world.app, learner);
  const started = await world.inject('POST', `/api/user/tests/${TOEIC}/attempts`, headers, {});
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json().result as { id: string };
  const result = await world.ok<{ test: { id: string } }>(
    'POST',
    `/api/user/attempts/${attempt.id}/submit`,
    headers,
    {},
  );
  return { id: learner.id, testId: result.test.id, attemptId: attempt.id };
}

export default defineCases([
  { method: 'GET', url: `${base}/students/:id/tests/:testId/attempts`, setup: attemptOfA },
  { method: 'GET', url: `${base}/students/:id/tests/:testId/attempts/:attemptId/result`, setup: attemptOfA },
  {
    method: 'GET',
    url: `${base}/analytics`,
    setup: async (world) => {
      await attemptOfA(world);
      return {};
    },
    leaks: (_world, _params, body) => {
      const result = (body as { result: { totals: { attempts: number }; platform: unknown } }).result;
      expect(result.totals.attempts).toBe(0);
      expect(result.platform).toBeNull();
    },
  },
  {
    method: 'GET',
    url: `${base}/analytics/options`,
    setup: async (world) => {
      await attemptOfA(world);
      return {};
    },
    leaks: (_world, _params, body) => {
      const result = (body as { result: { tests: unknown[]; classes: unknown[] } }).result;
      expect(result.tests).toEqual([]);
      expect(result.classes).toEqual([]);
    },
  },
]);
