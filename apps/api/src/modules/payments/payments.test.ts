import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, type TestAccount } from '../../../test/factories';
import {
  FAKE_HASH_SECRET,
  FAKE_TMN_CODE,
  type FakeVnpay,
  setForgedQueryAnswers,
  startFakeVnpay,
} from '../../../test/fake-vnpay';
import { createTestApp } from '../../../test/helpers';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import {
  createExam,
  createPack,
  createPublishedTest,
  type PublishedTest,
} from '../catalogue/catalogue.fixtures';
import { reconcilePendingOrders } from './payments.service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let vnpay: FakeVnpay;
let packed: PublishedTest;
let packId: string;
let secondPackId: string;
let asAdmin: Record<string, string>;
let asViewer: Record<string, string>;

async function call(
  method: 'GET' | 'POST',
  url: string,
  headers?: Record<string, string>,
  payload?: unknown,
) {
  return harness.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
}
async function result(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}
async function newLearner(): Promise<{ account: TestAccount; auth: Record<string, string> }> {
  const account = await createAccount(harness.database.db, { fullName: 'Phạm Minh Khoa' });
  return { account, auth: await authHeader(harness.app, account) };
}
const balance = async (auth: Record<string, string>) =>
  (await result('GET', '/user/auth/info', auth)).user_amount;
const ledgerSum = async (auth: Record<string, string>) =>
  ((await result('GET', '/user/wallet', auth)).ledger as { amount_vnd: number }[]).reduce(
    (sum, entry) => sum + entry.amount_vnd,
    0,
  );
async function topUp(auth: Record<string, string>, amount: number) {
  const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: amount });
  const paid = await vnpay.pay(checkout.payment_url);
  expect(paid.answers[0]!.RspCode).toBe('00');
  return checkout.order;
}
const startTest = (auth: Record<string, string>) =>
  call('POST', `/user/tests/${packed.slug}/attempts`, auth, {
    mode: 'full',
    section_ids: [],
    time_limit_minutes: null,
  });

beforeAll(async () => {
  vnpay = await startFakeVnpay();
  harness = await createTestApp({
    env: {
      VNPAY_TMN_CODE: FAKE_TMN_CODE,
      VNPAY_HASH_SECRET: FAKE_HASH_SECRET,
      VNPAY_URL: vnpay.paymentUrl,
      VNPAY_API_URL: vnpay.apiUrl,
    },
  });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  vnpay.ipnUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/api/public/payments/vnpay/ipn`;
  const db = harness.database.db;
  await seedDatabase(db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  const author = await createAccount(db, { scope: 'admin', isAdmin: true });
  const exam = await createExam(db);
  packed = await createPublishedTest(db, exam, { title: 'Đề cao cấp', authorId: author.id, access: 'pack' });
  const other = await createPublishedTest(db, exam, {
    title: 'Đề cao cấp 2',
    authorId: author.id,
    access: 'pack',
  });
  packId = (await createPack(db, [packed.id], { name: 'Gói luyện đề' })).id; // 199,000 VND, 90 days
  secondPackId = (await createPack(db, [other.id], { name: 'Gói thứ hai' })).id;
  asAdmin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_transaction', 'update_transaction'] }),
    'admin',
  );
  asViewer = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_transaction'] }),
    'admin',
  );
});

afterAll(async () => {
  await harness?.close();
  await vnpay?.close();
});

describe('top-up through VNPay', () => {
  it('signs a payment URL that VNPay accepts, and only the IPN credits the wallet', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 200_000 });
    expect(checkout.order).toMatchObject({
      status: 'pending',
      amount_vnd: 200_000,
      kind: 'top_up',
      method: 'vnpay',
    });
    const request = await vnpay.open(checkout.payment_url);
    expect(request).toMatchObject({
      vnp_Amount: '20000000',
      vnp_TxnRef: checkout.order.code,
      vnp_Command: 'pay',
      vnp_CurrCode: 'VND',
      vnp_ReturnUrl: expect.stringMatching(/\/payment-successful$/),
    });
    expect(request!.vnp_CreateDate).toMatch(/^\d{14}$/);
    // Both stamps are yyyyMMddHHmmss (Vietnam time): the expiry is 15 minutes after the creation.
    const stamp = (value: string) =>
      Date.parse(value.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(stamp(request!.vnp_ExpireDate!) - stamp(request!.vnp_CreateDate!)).toBe(15 * 60_000);

    const paid = await vnpay.pay(checkout.payment_url);
    // The return URL alone showed the order before the IPN came: it is the IPN that paid it.
    expect(paid.answers).toEqual([{ RspCode: '00', Message: 'Confirm Success' }]);
    expect(await balance(auth)).toBe(200_000);
    const back = await result('GET', `/user/payments/return?${paid.returnQuery}`, auth);
    expect(back).toMatchObject({
      signature_valid: true,
      order: { status: 'paid', code: checkout.order.code },
    });
  });

  it('refuses amounts out of range, naming the field', async () => {
    const { auth } = await newLearner();
    for (const amount_vnd of [5_000, 10_500, 60_000_000, -1]) {
      const response = await call('POST', '/user/wallet/top-up', auth, { amount_vnd });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ amount_vnd: 'payments.amount_range' });
    }
  });
});

describe('the IPN, in VNPay’s order of checks', () => {
  it('a tampered signature → 97 and nothing changes', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 50_000 });
    const request = (await vnpay.open(checkout.payment_url))!;
    const query = vnpay.signedQuery({
      vnp_Amount: request.vnp_Amount!,
      vnp_ResponseCode: '00',
      vnp_TransactionStatus: '00',
      vnp_TmnCode: FAKE_TMN_CODE,
      vnp_TransactionNo: '11112222',
      vnp_TxnRef: request.vnp_TxnRef!,
    });
    // The amount raised after signing.
    const tampered = query.replace(`vnp_Amount=${request.vnp_Amount}`, 'vnp_Amount=100000000');
    expect(await vnpay.sendIpn(tampered)).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    expect(await vnpay.sendIpn(query.replace(/vnp_SecureHash=.*/, 'vnp_SecureHash=00'))).toMatchObject({
      RspCode: '97',
    });
    expect(await vnpay.sendIpn('vnp_TxnRef=x')).toMatchObject({ RspCode: '97' });
    expect(await balance(auth)).toBe(0);
    expect((await result('GET', `/user/orders/${checkout.order.id}`, auth)).status).toBe('pending');
  });

  it('an unknown order → 01; a wrong amount → 04; a replay → 02 with one fulfilment', async () => {
    const { auth } = await newLearner();
    const unknown = vnpay.signedQuery({
      vnp_Amount: '1000000',
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20260101120000',
      vnp_ResponseCode: '00',
      vnp_TransactionStatus: '00',
      vnp_TmnCode: FAKE_TMN_CODE,
      vnp_TransactionNo: '22223333',
      vnp_TxnRef: 'PWNOSUCHORDER',
    });
    expect(await vnpay.sendIpn(unknown)).toMatchObject({ RspCode: '01' });

    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 100_000 });
    const wrong = await vnpay.pay(checkout.payment_url, { amount: '1000000' });
    expect(wrong.answers[0]).toMatchObject({ RspCode: '04' });
    expect(await balance(auth)).toBe(0);

    const paid = await vnpay.pay(checkout.payment_url);
    expect(paid.answers[0]).toMatchObject({ RspCode: '00' });
    const replay = await vnpay.sendIpn(paid.returnQuery);
    expect(replay).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    // A second, different notification of success for the same order does not pay twice either.
    expect((await vnpay.pay(checkout.payment_url)).answers[0]).toMatchObject({ RspCode: '02' });
    expect(await balance(auth)).toBe(100_000);
    expect(await ledgerSum(auth)).toBe(100_000);
  });

  it('20 IPNs for one order at the same moment fulfil it once, with one ledger row', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 300_000 });
    const paid = await vnpay.pay(checkout.payment_url, { ipnTimes: 20 });
    const codes = paid.answers.map((answer) => answer.RspCode).sort();
    expect(codes).toEqual(['00', ...Array(19).fill('02')]);
    const wallet = await result('GET', '/user/wallet', auth);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.balance_vnd).toBe(300_000);
  });

  it('a failed or cancelled payment is recorded and credits nothing', async () => {
    const { auth } = await newLearner();
    const failed = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 20_000 });
    expect((await vnpay.pay(failed.payment_url, { responseCode: '51' })).answers[0]!.RspCode).toBe('00');
    const cancelled = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 20_000 });
    expect((await vnpay.pay(cancelled.payment_url, { responseCode: '24' })).answers[0]!.RspCode).toBe('00');
    const orders = await result('GET', '/user/orders', auth);
    expect(orders.map((order: { status: string }) => order.status).sort()).toEqual(['cancelled', 'failed']);
    expect(await balance(auth)).toBe(0);
  });
});

describe('the return URL', () => {
  it('a forged "success" never fulfils and says its signature is invalid', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 100_000 });
    const forged = new URLSearchParams({
      vnp_Amount: '10000000',
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20260101120000',
      vnp_ResponseCode: '00',
      vnp_TransactionNo: '33334444',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: checkout.order.code,
      vnp_SecureHash: 'a'.repeat(128),
    });
    const back = await result('GET', `/user/payments/return?${forged}`, auth);
    expect(back).toMatchObject({ signature_valid: false, order: { status: 'pending' } });
    // Even correctly signed, the return URL only reads: the order waits for its IPN.
    const signed = vnpay.signedQuery(
      Object.fromEntries([...forged.entries()].filter(([key]) => key !== 'vnp_SecureHash')),
    );
    expect(await result('GET', `/user/payments/return?${signed}`, auth)).toMatchObject({
      signature_valid: true,
      order: { status: 'pending' },
    });
    // Our own payment request, signed with the same key, is not the gateway's word on anything.
    const request = new URL(checkout.payment_url).search;
    expect(await result('GET', `/user/payments/return${request}`, auth)).toMatchObject({
      signature_valid: false,
      order: { status: 'pending' },
    });
    expect(await balance(auth)).toBe(0);
  });

  it("another learner's order is a 404, on the return page and as a receipt", async () => {
    const owner = await newLearner();
    const stranger = await newLearner();
    const order = await topUp(owner.auth, 50_000);
    expect((await call('GET', `/user/orders/${order.id}`, stranger.auth)).statusCode).toBe(404);
    const query = new URLSearchParams({ vnp_TxnRef: order.code, vnp_SecureHash: 'b'.repeat(128) });
    expect((await call('GET', `/user/payments/return?${query}`, stranger.auth)).statusCode).toBe(404);
    expect(await result('GET', '/user/orders', stranger.auth)).toEqual([]);
  });
});

describe('packs', () => {
  it('a locked test is refused until the pack is bought from the wallet; then it starts', async () => {
    const { auth } = await newLearner();
    expect((await startTest(auth)).json()).toMatchObject({
      statusCode: 403,
      errors: { test: 'attempt.pack_required' },
    });
    const poor = await call('POST', `/user/packs/${packId}/buy`, auth, { method: 'wallet' });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().errors).toEqual({ method: 'payments.insufficient_balance' });

    await topUp(auth, 200_000);
    const bought = await result('POST', `/user/packs/${packId}/buy`, auth, { method: 'wallet' });
    expect(bought).toMatchObject({
      payment_url: null,
      order: { status: 'paid', amount_vnd: 199_000, method: 'wallet' },
    });
    expect(await balance(auth)).toBe(1_000);
    expect((await startTest(auth)).statusCode).toBe(201);
    const again = await call('POST', `/user/packs/${packId}/buy`, auth, { method: 'wallet' });
    expect(again.json()).toMatchObject({ statusCode: 409, errors: { pack: 'payments.already_owned' } });
  });

  it('a pack paid through the gateway grants access on its IPN; an unknown pack is a 404', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', `/user/packs/${packId}/buy`, auth, { method: 'vnpay' });
    expect(checkout.order).toMatchObject({ status: 'pending', kind: 'pack', pack: { id: packId } });
    expect((await startTest(auth)).statusCode).toBe(403);
    await vnpay.pay(checkout.payment_url);
    expect((await startTest(auth)).statusCode).toBe(201);
    expect(await balance(auth)).toBe(0);
    const missing = await call('POST', '/user/packs/00000000-0000-4000-8000-000000000000/buy', auth, {
      method: 'vnpay',
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('POST', `/user/packs/${packId}/buy`, auth, { method: 'card' })).statusCode).toBe(422);
  });

  it('two wallet purchases at once cannot spend the same money twice', async () => {
    const { auth } = await newLearner();
    await topUp(auth, 200_000);
    const answers = await Promise.all([
      call('POST', `/user/packs/${packId}/buy`, auth, { method: 'wallet' }),
      call('POST', `/user/packs/${secondPackId}/buy`, auth, { method: 'wallet' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await balance(auth)).toBe(1_000);
  });
});

describe('admin transactions', () => {
  it('lists with filters and totals, exports CSV, and refunds with the permission', async () => {
    const { account, auth } = await newLearner();
    await topUp(auth, 250_000);
    const bought = await result('POST', `/user/packs/${packId}/buy`, auth, { method: 'wallet' });

    const list = await result('GET', `/admin/transactions?q=${encodeURIComponent(account.email)}`, asViewer);
    expect(list.total).toBe(2);
    expect(list.totals).toEqual({ count: 2, paid_vnd: 449_000, refunded_vnd: 0 });
    expect(list.items[0]).toMatchObject({ code: bought.order.code, user: { email: account.email } });
    const wallets = await result(
      'GET',
      `/admin/transactions?q=${encodeURIComponent(account.email)}&method=wallet`,
      asViewer,
    );
    expect(wallets.items.map((item: { code: string }) => item.code)).toEqual([bought.order.code]);

    const csv = await call(
      'GET',
      `/admin/transactions/export?q=${encodeURIComponent(account.email)}`,
      asViewer,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv.body).toContain(`"${bought.order.code}"`);

    expect((await call('POST', `/admin/transactions/${bought.order.id}/refund`, asViewer)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/admin/transactions/${bought.order.id}/refund`, auth)).statusCode).toBe(403);
    const refunded = await result('POST', `/admin/transactions/${bought.order.id}/refund`, asAdmin);
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(await balance(auth)).toBe(250_000);
    expect((await startTest(auth)).statusCode).toBe(403);
    const twice = await call('POST', `/admin/transactions/${bought.order.id}/refund`, asAdmin);
    expect(twice.json()).toMatchObject({ statusCode: 409, errors: { status: 'payments.not_refundable' } });
    expect((await call('GET', '/admin/transactions?from=2026-13-40', asViewer)).statusCode).toBe(422);
  });
});

describe('the ledger', () => {
  it('sums to every balance after a random sequence of top-ups, purchases and refunds', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('top_up' as const),
        amount: fc.integer({ min: 10, max: 400 }).map((n) => n * 1000),
      }),
      fc.record({ kind: fc.constant('buy' as const), second: fc.boolean() }),
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const { auth } = await newLearner();
        let expected = 0;
        const paid: { id: string; kind: string; amount: number }[] = [];
        for (const action of steps) {
          if (action.kind === 'top_up') {
            const order = await topUp(auth, action.amount);
            expected += action.amount;
            paid.push({ id: order.id, kind: 'top_up', amount: action.amount });
          } else if (action.kind === 'buy') {
            const response = await call(
              'POST',
              `/user/packs/${action.second ? secondPackId : packId}/buy`,
              auth,
              {
                method: 'wallet',
              },
            );
            if (response.statusCode === 200) {
              expected -= 199_000;
              paid.push({ id: response.json().result.order.id, kind: 'pack', amount: 199_000 });
            } else expect([409, 422]).toContain(response.statusCode);
          } else if (paid.length > 0) {
            const [order] = paid.splice(action.pick % paid.length, 1);
            const response = await call('POST', `/admin/transactions/${order!.id}/refund`, asAdmin);
            if (response.statusCode === 200)
              expected += order!.kind === 'pack' ? order!.amount : -order!.amount;
            else expect(response.json().errors).toEqual({ status: 'payments.refund_exceeds_balance' });
          }
          expect(await balance(auth)).toBeGreaterThanOrEqual(0);
        }
        expect(await balance(auth)).toBe(expected);
        expect(await ledgerSum(auth)).toBe(expected);
      }),
      { numRuns: 12 },
    );
  });
});

describe('reconciliation (querydr) of orders still pending after 15 minutes', () => {
  const settings = () => harness.app.config.payments!;
  const later = (ms: number) => new Date(Date.now() + ms);
  const status = async (auth: Record<string, string>, id: string) =>
    (await result('GET', `/user/orders/${id}`, auth)).status;

  it('a payment whose IPN was lost is found and fulfilled once; the late IPN then changes nothing', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 70_000 });
    const paid = await vnpay.pay(checkout.payment_url, { ipnTimes: 0 });
    expect(await status(auth, checkout.order.id)).toBe('pending');

    // Not yet 15 minutes: not asked about.
    await reconcilePendingOrders(harness.database.db, settings(), later(60_000));
    expect(await status(auth, checkout.order.id)).toBe('pending');

    const first = await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    expect(first.paid).toBeGreaterThanOrEqual(1);
    expect(await status(auth, checkout.order.id)).toBe('paid');
    await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    expect(await vnpay.sendIpn(paid.returnQuery)).toMatchObject({ RspCode: '02' });
    const wallet = await result('GET', '/user/wallet', auth);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.balance_vnd).toBe(70_000);
  });

  it('an answer with a forged signature is ignored; an order VNPay never saw is closed after a day', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 40_000 });
    await vnpay.pay(checkout.payment_url, { ipnTimes: 0 });
    setForgedQueryAnswers(true);
    try {
      await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    } finally {
      setForgedQueryAnswers(false);
    }
    expect(await status(auth, checkout.order.id)).toBe('pending');
    expect(await balance(auth)).toBe(0);

    const abandoned = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 40_000 });
    await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    expect(await status(auth, abandoned.order.id)).toBe('pending');
    await reconcilePendingOrders(harness.database.db, settings(), later(25 * 3_600_000));
    expect(await status(auth, abandoned.order.id)).toBe('cancelled');
    // The forged round left the paid one for a genuine answer, which pays it.
    expect(await status(auth, checkout.order.id)).toBe('paid');
    expect(await balance(auth)).toBe(40_000);
  });
});

describe('only a gateway result is an IPN; a failure never blocks a later genuine success (issue 26)', () => {
  const settings = () => harness.app.config.payments!;
  const later = (ms: number) => new Date(Date.now() + ms);
  const status = async (auth: Record<string, string>, id: string) =>
    (await result('GET', `/user/orders/${id}`, auth)).status;

  it('the payment URL’s own signed query sent as an IPN is refused (99) and changes nothing; the genuine payment then credits once', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 80_000 });
    // What the learner's browser is sent to VNPay with: signed by us, but not a payment result.
    const requestQuery = new URL(checkout.payment_url).search.slice(1);
    expect(await vnpay.sendIpn(requestQuery)).toEqual({ RspCode: '99', Message: 'Input data required' });
    expect(await status(auth, checkout.order.id)).toBe('pending');

    const paid = await vnpay.pay(checkout.payment_url);
    expect(paid.answers).toEqual([{ RspCode: '00', Message: 'Confirm Success' }]);
    expect(await status(auth, checkout.order.id)).toBe('paid');
    // Repeats of either change nothing.
    expect(await vnpay.sendIpn(requestQuery)).toMatchObject({ RspCode: '99' });
    expect(await vnpay.sendIpn(paid.returnQuery)).toMatchObject({ RspCode: '02' });
    const wallet = await result('GET', '/user/wallet', auth);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.balance_vnd).toBe(80_000);
  });

  it('a pack’s payment URL replayed as an IPN does not close the order; the genuine IPN grants the pack', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', `/user/packs/${packId}/buy`, auth, { method: 'vnpay' });
    const requestQuery = new URL(checkout.payment_url).search.slice(1);
    expect(await vnpay.sendIpn(requestQuery)).toMatchObject({ RspCode: '99' });
    expect((await vnpay.pay(checkout.payment_url)).answers[0]).toMatchObject({ RspCode: '00' });
    expect((await startTest(auth)).statusCode).toBe(201);
  });

  it('a genuine failure, then a genuine success of the same order: paid once querydr confirms it; 5 IPNs at once and every repeat credit once', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 90_000 });
    const failed = await vnpay.pay(checkout.payment_url, { responseCode: '51' });
    expect(failed.answers[0]).toMatchObject({ RspCode: '00' });
    expect(await status(auth, checkout.order.id)).toBe('failed');
    // A success with another amount is still refused before anything is asked.
    expect((await vnpay.pay(checkout.payment_url, { amount: '100' })).answers[0]).toMatchObject({
      RspCode: '04',
    });

    const paid = await vnpay.pay(checkout.payment_url, { ipnTimes: 5 });
    expect(paid.answers.map((answer) => answer.RspCode).sort()).toEqual(['00', '02', '02', '02', '02']);
    expect(await status(auth, checkout.order.id)).toBe('paid');
    expect(await vnpay.sendIpn(paid.returnQuery)).toMatchObject({ RspCode: '02' });
    expect(await vnpay.sendIpn(failed.returnQuery)).toMatchObject({ RspCode: '02' });
    await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    expect(await status(auth, checkout.order.id)).toBe('paid');
    const wallet = await result('GET', '/user/wallet', auth);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.balance_vnd).toBe(90_000);
  });

  it('a success after a failure that querydr does not confirm changes nothing and asks VNPay to retry (99); the retry pays', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 30_000 });
    await vnpay.pay(checkout.payment_url, { responseCode: '24' });
    expect(await status(auth, checkout.order.id)).toBe('cancelled');
    setForgedQueryAnswers(true);
    let retry: string;
    try {
      const paid = await vnpay.pay(checkout.payment_url);
      expect(paid.answers).toEqual([{ RspCode: '99', Message: 'Unknown error' }]);
      retry = paid.returnQuery;
    } finally {
      setForgedQueryAnswers(false);
    }
    expect(await status(auth, checkout.order.id)).toBe('cancelled');
    expect(await balance(auth)).toBe(0);
    expect(await vnpay.sendIpn(retry)).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await vnpay.sendIpn(retry)).toMatchObject({ RspCode: '02' });
    expect(await ledgerSum(auth)).toBe(30_000);
    expect(await balance(auth)).toBe(30_000);
  });

  it('a success whose IPN was lost after a recorded failure is found by reconciliation, once', async () => {
    const { auth } = await newLearner();
    const checkout = await result('POST', '/user/wallet/top-up', auth, { amount_vnd: 45_000 });
    await vnpay.pay(checkout.payment_url, { responseCode: '51' });
    const paid = await vnpay.pay(checkout.payment_url, { ipnTimes: 0 });
    expect(await status(auth, checkout.order.id)).toBe('failed');
    await reconcilePendingOrders(harness.database.db, settings(), later(16 * 60_000));
    expect(await status(auth, checkout.order.id)).toBe('paid');
    await reconcilePendingOrders(harness.database.db, settings(), later(20 * 60_000));
    expect(await vnpay.sendIpn(paid.returnQuery)).toMatchObject({ RspCode: '02' });
    const wallet = await result('GET', '/user/wallet', auth);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.balance_vnd).toBe(45_000);
  });
});
