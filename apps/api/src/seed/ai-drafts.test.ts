import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { aiDraftsStep } from './ai-drafts';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { demoOrganizationOwnerStep } from './demo-organization';
import { examStructureStep } from './exam-structure';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, demoOrganizationOwnerStep, aiDraftsStep],
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toContain('ai-drafts');
}, 60_000);
afterAll(() => harness.close());

async function signIn(email: string, realm: 'admin' | 'user') {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/${realm}/auth/login`,
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().result.access_token}` };
}

it('leaves generated questions waiting for review in the platform and in the demo organization', async () => {
  const get = async (url: string, headers: Record<string, string>) => {
    const response = await harness.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  const admin = await signIn('admin@prepwise.vn', 'admin');
  const platform = await get('/api/admin/ai/drafts?status=pending_review', admin);
  expect(platform.total).toBe(8);
  const [job] = (await get('/api/admin/ai/jobs', admin)).items;
  expect(job).toMatchObject({
    status: 'finished',
    task: 'word_form',
    provider: 'builtin',
    created_by: { full_name: expect.any(String) },
  });
  const teacher = await signIn('teacher@prepwise.vn', 'user');
  const center = await get('/api/educator/ai/drafts?status=pending_review', teacher);
  expect(center.total).toBe(5);
  expect((await get('/api/educator/ai/status', teacher)).usage.generated).toBe(5);
});
