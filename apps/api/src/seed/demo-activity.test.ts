import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { demoActivityStep } from './demo-activity';
import { demoOrganizationOwnerStep } from './demo-organization';
import { demoStudentsStep } from './demo-students';
import { englishNamesStep } from './english-names';
import { examStructureStep } from './exam-structure';
import { practiceTestsStep } from './practice-tests';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [
      examStructureStep,
      englishNamesStep,
      demoAccountsStep,
      demoOrganizationOwnerStep,
      practiceTestsStep,
      demoStudentsStep,
      demoActivityStep,
    ],
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toContain('demo-activity');
}, 120_000);
afterAll(() => harness.close());

async function signIn(email: string, realm: 'user' | 'admin' = 'user') {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/${realm}/auth/login`,
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().result.access_token}` };
}

it("shows the demo center's analytics alive: attempts spread over the weeks, classes progressing, weak parts", async () => {
  const teacher = await signIn('teacher@prepwise.vn');
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/educator/analytics',
    headers: teacher,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json().result;
  expect(result.totals.attempts).toBeGreaterThanOrEqual(60);
  expect(result.totals.learners).toBe(24);
  const busyDays = result.attempts_per_day.filter((day: { attempts: number }) => day.attempts > 0);
  expect(busyDays.length).toBeGreaterThan(15);
  expect(result.class_progress.series.length).toBe(4); // everyone + the three classes
  // The classes do better week after week: the last scored week beats the first.
  const everyone = result.class_progress.weeks
    .map((week: { values: Record<string, number | null> }) => week.values.all)
    .filter((value: number | null) => value !== null);
  expect(everyone.at(-1)).toBeGreaterThan(everyone[0]);
  expect(result.weakest_parts.length).toBeGreaterThan(3);
  expect(result.weakest_question_types.length).toBeGreaterThan(1);
  // Each with its English name, for English mode (the platform's types are seeded with one).
  for (const type of result.weakest_question_types) expect(type.name_en).toMatch(/^[A-Z][a-z]/);
  expect(
    result.score_distribution.buckets.filter((b: { count: number }) => b.count > 0).length,
  ).toBeGreaterThan(2);

  const admin = await signIn('admin@prepwise.vn', 'admin');
  const platform = (
    await harness.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: admin })
  ).json().result;
  expect(platform.totals.attempts).toBe(result.totals.attempts);
});
