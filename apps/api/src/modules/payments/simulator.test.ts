import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp, createTestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { reconcilePendingOrders } from './payments.service';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
});
afterAll(async () => {
  await harness?.close();
});

async function checkout(amount: number) {
  const learner = await createAccount(harness.database.db);
  const auth = await authHeader(harness.app, learner);
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/user/wallet/top-up',
    headers: auth,
    payload: { amount_vnd: amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { payment_url } = response.json().result;
  return { auth, request: new URL(payment_url).search.slice(1), paymentUrl: payment_url as string };
}
const complete = (request: string, outcome: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/public/payment-simulator/complete',
    payload: { request, outcome },
  });
/** An app listening at its PUBLIC_URL: the simulator's merchant API (querydr) is reached over HTTP, like VNPay's. */
async function servedApp() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const served = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await served.app.listen({ port, host: '127.0.0.1' });
  return served;
}
const balance = async (auth: Record<string, string>, app = harness.app) =>
  (await app.inject({ method: 'GET', url: '/api/user/auth/info', headers: auth })).json().result.user_amount;

describe('the local payment simulator (VNPay protocol)', () => {
  it('shows the signed request, pays through the IPN and returns with a signed URL', async () => {
    const { auth, request, paymentUrl } = await checkout(150_000);
    expect(paymentUrl).toMatch(/^http:\/\/localhost:\d+\/payment-simulator\?/);
    const shown = await harness.app.inject({
      method: 'GET',
      url: `/api/public/payment-simulator/checkout?request=${encodeURIComponent(request)}`,
    });
    expect(shown.json().result).toMatchObject({ valid: true, amount_vnd: 150_000, tmn_code: 'PWSIMULA' });

    const paid = await complete(request, 'pay_twice');
    expect(paid.statusCode).toBe(200);
    const returnUrl = new URL(paid.json().result.return_url);
    expect(returnUrl.pathname).toBe('/payment-successful');
    expect(await balance(auth)).toBe(150_000);
    const back = await harness.app.inject({
      method: 'GET',
      url: `/api/user/payments/return${returnUrl.search}`,
      headers: auth,
    });
    expect(back.json().result).toMatchObject({ signature_valid: true, order: { status: 'paid' } });
  });

  it('cancel and fail leave the wallet alone; a tampered request is refused', async () => {
    const cancelled = await checkout(20_000);
    expect((await complete(cancelled.request, 'cancel')).statusCode).toBe(200);
    const failed = await checkout(20_000);
    expect((await complete(failed.request, 'fail')).statusCode).toBe(200);
    expect(await balance(cancelled.auth)).toBe(0);
    expect(await balance(failed.auth)).toBe(0);

    const tampered = await checkout(20_000);
    const raised = tampered.request.replace('vnp_Amount=2000000', 'vnp_Amount=9000000');
    const refused = await complete(raised, 'pay');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ request: 'payments.invalid_signature' });
    expect(await balance(tampered.auth)).toBe(0);
  });

  it('"late IPN": the return comes first and shows the order pending until the IPN lands', async () => {
    const { auth, request } = await checkout(30_000);
    const paid = await complete(request, 'pay_late');
    const returnUrl = new URL(paid.json().result.return_url);
    const read = async () =>
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/user/payments/return${returnUrl.search}`,
          headers: auth,
        })
      ).json().result.order.status;
    expect(await read()).toBe('pending');
    await expect.poll(read, { timeout: 15_000, interval: 500 }).toBe('paid');
    expect(await balance(auth)).toBe(30_000);
  });

  it("answers VNPay's querydr for the payments it settled: a lost IPN is reconciled", async () => {
    const served = await servedApp();
    try {
      const learner = await createAccount(served.database.db);
      const auth = await authHeader(served.app, learner);
      const top = await served.app.inject({
        method: 'POST',
        url: '/api/user/wallet/top-up',
        headers: auth,
        payload: { amount_vnd: 60_000 },
      });
      const { order, payment_url } = top.json().result;
      // The bank settles, but the IPN is late: ask the simulator's querydr before it lands.
      await served.app.inject({
        method: 'POST',
        url: '/api/public/payment-simulator/complete',
        payload: { request: new URL(payment_url).search.slice(1), outcome: 'pay_late' },
      });
      const never = await served.app.inject({
        method: 'POST',
        url: '/api/user/wallet/top-up',
        headers: auth,
        payload: { amount_vnd: 20_000 },
      });
      const settings = served.app.config.payments!;
      const result = await reconcilePendingOrders(
        served.database.db,
        settings,
        new Date(Date.now() + 16 * 60_000),
      );
      expect(result).toMatchObject({ checked: 2, paid: 1 });
      const orders = (
        await served.app.inject({ method: 'GET', url: '/api/user/orders', headers: auth })
      ).json().result as { id: string; status: string }[];
      expect(orders.find((row) => row.id === order.id)?.status).toBe('paid');
      expect(orders.find((row) => row.id === never.json().result.order.id)?.status).toBe('pending');
      expect(await balance(auth, served.app)).toBe(60_000);
      // The late IPN finds it confirmed: still one credit.
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect(await balance(auth, served.app)).toBe(60_000);
    } finally {
      await served.close();
    }
  }, 90_000);

  it('a declined card, then paying on the same request: querydr confirms it and the wallet is credited once', async () => {
    const served = await servedApp();
    try {
      const learner = await createAccount(served.database.db);
      const auth = await authHeader(served.app, learner);
      const top = await served.app.inject({
        method: 'POST',
        url: '/api/user/wallet/top-up',
        headers: auth,
        payload: { amount_vnd: 50_000 },
      });
      const request = new URL(top.json().result.payment_url).search.slice(1);
      const finish = (outcome: string) =>
        served.app.inject({
          method: 'POST',
          url: '/api/public/payment-simulator/complete',
          payload: { request, outcome },
        });
      // The payment request itself, sent to the IPN, is not a result: refused, nothing changes.
      const replayed = await served.app.inject({
        method: 'GET',
        url: `/api/public/payments/vnpay/ipn?${request}`,
      });
      expect(replayed.json()).toMatchObject({ RspCode: '99' });
      expect((await finish('fail')).statusCode).toBe(200);
      const order = async () =>
        (await served.app.inject({ method: 'GET', url: '/api/user/orders', headers: auth })).json().result[0]
          .status;
      expect(await order()).toBe('failed');
      expect((await finish('pay_twice')).statusCode).toBe(200);
      expect(await order()).toBe('paid');
      expect(await balance(auth, served.app)).toBe(50_000);
      expect((await finish('pay')).statusCode).toBe(200);
      expect(await balance(auth, served.app)).toBe(50_000);
    } finally {
      await served.close();
    }
  }, 90_000);

  it('does not exist in production', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({
        APP_ENV: 'production',
        JWT_SECRET: 'j'.repeat(40),
        COOKIE_SECRET: 'c'.repeat(40),
        LOG_LEVEL: 'silent',
        WEB_MODE: 'none',
        DATA_DIR: harness.app.config.dataDir,
      }),
      database,
      logger: false,
      jobs: { pollingIntervalSeconds: 0.5, supervise: false },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/public/payment-simulator/complete',
        payload: { request: 'vnp_TxnRef=x', outcome: 'pay' },
      });
      expect(response.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/public/payments/vnpay/ipn' })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
      await database.destroy();
    }
  }, 90_000);
});
