import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { demoOrganizationOwnerStep } from './demo-organization';
import { demoStudentsStep } from './demo-students';
import { examStructureStep } from './exam-structure';
import { organizationBankStep } from './organization-bank';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [
      examStructureStep,
      demoAccountsStep,
      demoOrganizationOwnerStep,
      demoStudentsStep,
      organizationBankStep,
    ],
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toContain('organization-bank');
}, 60_000);
afterAll(() => harness.close());

it('gives the demo organization a bank of its own and a published manual test made from it', async () => {
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email: 'teacher@prepwise.vn', password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const teacher = { authorization: `Bearer ${login.json().result.access_token}` };
  const get = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url, headers: teacher });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  expect((await get('/api/educator/questions?pageSize=50')).total).toBe(14);
  const groups = await get('/api/educator/question-groups');
  expect(groups.items.map((group: { title: string }) => group.title)).toEqual([
    'An email to a new classmate',
  ]);
  const tests = await get('/api/educator/tests?kind=manual');
  expect(tests.items).toHaveLength(1);
  expect(tests.items[0]).toMatchObject({
    title: 'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối',
    status: 'published',
    question_count: 10,
  });
  // And a smart test drawn from the same bank: 1 A2, 5 B1 and 3 B2 questions and a writing task.
  const smart = await get('/api/educator/tests?kind=smart');
  expect(smart.items).toHaveLength(1);
  const detail = await get(`/api/educator/tests/${smart.items[0].id}`);
  expect(detail).toMatchObject({ status: 'published', kind: 'smart', question_count: 10 });
  expect(
    detail.sections[0].blueprint.map((row: { level: { code: string }; count: number; available: number }) => [
      row.level.code,
      row.count,
      row.available,
    ]),
  ).toEqual([
    ['A2', 1, 2],
    ['B1', 5, 6],
    ['B2', 3, 4],
  ]);
  // 2 choose 1 × 6 choose 5 × 4 choose 3 × 2 choose 1.
  expect(detail.distinct_papers.exact).toBe(96);
  // The platform's bank and catalogue are untouched by the organization's content.
  const catalogue = await harness.app.inject({ method: 'GET', url: '/api/public/tests?pageSize=100' });
  expect(JSON.stringify(catalogue.json().result)).not.toContain('lớp B1 buổi tối');

  // Seeding again adds nothing.
  const again = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [organizationBankStep],
    context: { storage: harness.app.storage },
  });
  expect(again.skipped).toEqual(['organization-bank']);
});

it('assigns the manual test to the B1 class: five submitted (two to grade), one writing, the demo learner to start', async () => {
  const signIn = async (email: string) => {
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { authorization: `Bearer ${login.json().result.access_token}` };
  };
  const get = async (url: string, headers: Record<string, string>) => {
    const response = await harness.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  const teacher = await signIn('teacher@prepwise.vn');
  const [test] = (await get('/api/educator/tests?kind=manual', teacher)).items;
  const [assignment] = await get(`/api/educator/tests/${test.id}/assignments`, teacher);
  expect(assignment).toMatchObject({
    state: 'open',
    attempts_allowed: 2,
    answers_shown: 'after_close',
    classes: [{ name: 'Tiếng Anh giao tiếp B1' }],
    submitted_count: 5,
  });
  const { rows } = await get(`/api/educator/tests/${test.id}/assignments/${assignment.id}/results`, teacher);
  const count = (status: string) => rows.filter((row: { status: string }) => row.status === status).length;
  expect([count('graded'), count('to_grade'), count('in_progress')]).toEqual([3, 2, 1]);
  expect(
    rows.find((row: { student: { email: string } }) => row.student.email === 'learner@prepwise.vn')?.status,
  ).toBe('not_started');

  // The smart test's assignment: two students have their own papers, a third is writing.
  const [smart] = (await get('/api/educator/tests?kind=smart', teacher)).items;
  const [smartAssignment] = await get(`/api/educator/tests/${smart.id}/assignments`, teacher);
  const smartRows = (
    await get(`/api/educator/tests/${smart.id}/assignments/${smartAssignment.id}/results`, teacher)
  ).rows as { status: string }[];
  expect(smartRows.filter((row) => row.status === 'in_progress')).toHaveLength(1);
  expect(smartRows.filter((row) => ['to_grade', 'graded'].includes(row.status))).toHaveLength(2);

  const learner = await signIn('learner@prepwise.vn');
  const mine = await get('/api/user/assignments', learner);
  expect(mine.map((entry: { test: { slug: string } }) => entry.test.slug).sort()).toEqual([
    'kiem-tra-ngu-phap-va-viet-b1',
    'kiem-tra-nhanh-ngu-phap-de-tron',
  ]);
  expect(mine[0]).toMatchObject({
    state: 'open',
    attempts_used: 0,
    organization: { name: expect.any(String), slug: 'prepwise-demo-center' },
  });
});
