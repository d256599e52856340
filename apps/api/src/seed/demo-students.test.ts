import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { demoStudentsStep } from './demo-students';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [demoAccountsStep, demoStudentsStep],
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toEqual(['demo-accounts', 'demo-students']);
}, 60_000);
afterAll(() => harness.close());

async function signIn(email: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().result.access_token}` };
}

it('gives the demo organization three classes, 24 students (the demo learner among them) and a pending invitation', async () => {
  const learner = await signIn('learner@prepwise.vn');
  const mine = await harness.app.inject({ method: 'GET', url: '/api/user/organizations', headers: learner });
  expect(mine.json().result).toMatchObject([{ slug: 'prepwise-demo-center' }]);
  expect(mine.json().result[0].classes).toHaveLength(2);
  // The students' own accounts sign in with the demo password.
  await signIn('ngoc.tranbao@hocvien.prepwise.vn');
  const { db } = harness.database;
  const count = async (table: string) =>
    Number(
      ((await db.execute(`select count(*)::int as n from ${table}`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  expect(await count('classes')).toBe(3);
  expect(await count('organization_students')).toBe(24);
  expect(await count('class_students')).toBe(25);
  expect(await count('organization_invitations')).toBe(1);
});
