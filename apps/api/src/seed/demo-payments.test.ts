import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../test/factories';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { demoPaymentsStep, PREMIUM_TEST_SLUG } from './demo-payments';
import { examStructureStep } from './exam-structure';
import { practiceTestsStep } from './practice-tests';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, practiceTestsStep, demoPaymentsStep],
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toContain('demo-payments');
}, 180_000);
afterAll(() => harness.close());

const get = (url: string, headers: Record<string, string>) =>
  harness.app.inject({ method: 'GET', url: `/api${url}`, headers });

it('gives the demo learner a wallet whose ledger sums to the balance, and the premium pack', async () => {
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email: 'learner@prepwise.vn', password: DEMO_PASSWORD },
  });
  const learner = { authorization: `Bearer ${login.json().result.access_token}` };
  expect(login.json().result.user.user_amount).toBe(201_000);
  const wallet = (await get('/user/wallet', learner)).json().result;
  expect(wallet.ledger.map((entry: { amount_vnd: number }) => entry.amount_vnd)).toEqual([-99_000, 300_000]);
  const orders = (await get('/user/orders', learner)).json().result;
  expect(orders.map((order: { status: string }) => order.status)).toEqual(['failed', 'paid', 'paid']);
  expect((await get(`/user/tests/${PREMIUM_TEST_SLUG}/me`, learner)).json().result.locked_reason).toBeNull();

  // A newcomer finds the premium test locked, with its pack's price on the test page.
  const newcomer = await authHeader(harness.app, await createAccount(harness.database.db));
  expect((await get(`/user/tests/${PREMIUM_TEST_SLUG}/me`, newcomer)).json().result.locked_reason).toBe(
    'pack_required',
  );
  const detail = (await get(`/public/tests/${PREMIUM_TEST_SLUG}`, newcomer)).json().result;
  expect(detail.packs).toMatchObject([{ name: 'Gói Premium Ngữ pháp & Viết', price_vnd: 99_000 }]);

  // The admin sees them.
  const admin = await harness.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email: 'admin@prepwise.vn', password: DEMO_PASSWORD },
  });
  const list = (
    await get('/admin/transactions?q=learner%40prepwise.vn', {
      authorization: `Bearer ${admin.json().result.access_token}`,
    })
  ).json().result;
  expect(list.totals).toEqual({ count: 3, paid_vnd: 399_000, refunded_vnd: 0 });
});
