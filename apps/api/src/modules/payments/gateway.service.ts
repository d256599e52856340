import type { PaymentReturn } from '@prepwise/contract';
import { and, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db } from '../../db/client';
import { gatewayNotifications, paymentOrders, walletLedger } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { startPeriod } from '../organization-packages/packages.service';
import { grantPack } from './entitlements';
import { type OrderRow, type PaymentDeps, readOrder, type Tx } from './orders';
import {
  IPN_CODES,
  type IpnAnswer,
  isGatewayResult,
  type QueryResult,
  queryTransaction,
  verify,
  vnpayDate,
} from './vnpay';

/*
 * The gateway's word: the IPN (the only path that fulfils a gateway order), the return page's check
 * (never fulfils), and the reconciliation of orders whose IPN was lost.
 */

/** What the IPN and the reconciliation work with: a configured gateway. */
export interface GatewayDeps extends Pick<Deps, 'db' | 'now'> {
  config: { payments: PaymentSettings };
}

/** The gateway's provider name in `gateway_notifications` (the simulator speaks VNPay's protocol). */
const providerName = (settings: PaymentSettings) => settings.provider;

/** The return URL's parameters are a payment result signed with the gateway's key (not our own request). */
const isSignedResult = (settings: PaymentSettings | undefined, params: Record<string, string>) =>
  settings !== undefined && verify(params, settings.hashSecret) && isGatewayResult(params);

/**
 * The return URL's check (/payment-successful): the signature (of a payment result, not of our own request),
 * then the order of this learner as it is in the database. It never changes anything: the IPN and the
 * reconciliation do.
 */
export async function readReturn(
  deps: Pick<PaymentDeps, 'db' | 'config'>,
  userId: string,
  params: Record<string, string>,
): Promise<PaymentReturn> {
  const {
    db,
    config: { payments: settings },
  } = deps;
  const order = await readOrder(
    db,
    and(
      eq(paymentOrders.code, params.vnp_TxnRef ?? ''),
      eq(paymentOrders.userId, userId),
      isNull(paymentOrders.organizationId),
    ),
  );
  if (!order) throw notFound('Order not found');
  return { signature_valid: isSignedResult(settings, params), order };
}

/** The gateway's return for an organization's order: the signature and the order as it is (never fulfils). */
export async function readOrganizationReturn(
  deps: Pick<PaymentDeps, 'db' | 'config'>,
  organizationId: string,
  params: Record<string, string>,
): Promise<PaymentReturn> {
  const {
    db,
    config: { payments: settings },
  } = deps;
  const order = await readOrder(
    db,
    and(eq(paymentOrders.code, params.vnp_TxnRef ?? ''), eq(paymentOrders.organizationId, organizationId)),
  );
  if (!order) throw notFound('Order not found');
  return { signature_valid: isSignedResult(settings, params), order };
}

/** Marks a pending gateway order paid and applies its effect, inside the caller's transaction. */
async function fulfil(tx: Tx, order: OrderRow, now: Date) {
  if (order.kind === 'organization_package') {
    await startPeriod(tx, {
      organizationId: order.organizationId!,
      packageId: order.organizationPackageId!,
      orderId: order.id,
      now,
    });
  } else if (order.kind === 'top_up') {
    await tx.insert(walletLedger).values({
      userId: order.userId,
      orderId: order.id,
      kind: 'top_up',
      amountVnd: order.amountVnd,
    });
  } else {
    await grantPack(tx, order, now);
  }
}

/** A result the gateway's payment could still overturn: only a success confirmed by querydr does. */
const REOPENABLE: ReadonlySet<OrderRow['status']> = new Set(['failed', 'cancelled']);

const isSuccess = (result: { responseCode: string; transactionStatus: string }) =>
  result.responseCode === '00' && result.transactionStatus === '00';

/**
 * The IPN (the only path that fulfils a gateway order), in VNPay's order of checks: signature (97), a
 * payment result at all (99: our own payment URL is signed with the same key), order (01), amount (04),
 * not confirmed yet (02); then the result is recorded with the notification, in one transaction under the
 * order's row lock (00). Replays and simultaneous IPNs fulfil once. A success for an order whose failure
 * was recorded (failed, cancelled) is asked about with querydr first and paid only on its verified word;
 * paid and refunded are final.
 */
export async function handleIpn(deps: GatewayDeps, params: Record<string, string>): Promise<IpnAnswer> {
  const {
    db,
    config: { payments: settings },
  } = deps;
  const now = deps.now();
  if (!verify(params, settings.hashSecret) || params.vnp_TmnCode !== settings.tmnCode) {
    return IPN_CODES.invalidSignature;
  }
  if (!isGatewayResult(params)) return IPN_CODES.notAResult;
  const code = params.vnp_TxnRef ?? '';
  const result: GatewayResult = {
    transactionNo: params.vnp_TransactionNo ?? '',
    responseCode: params.vnp_ResponseCode ?? '',
    transactionStatus: params.vnp_TransactionStatus ?? '',
    bankCode: params.vnp_BankCode ?? '',
    payload: params,
  };
  const checked = await db.transaction(async (tx): Promise<IpnAnswer | { reopen: OrderRow }> => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.code, code)).for('update');
    if (!order || order.method === 'wallet') return IPN_CODES.orderNotFound;
    if (params.vnp_Amount !== String(order.amountVnd * 100)) return IPN_CODES.invalidAmount;
    if (order.status === 'pending') {
      return (await recordResult(tx, settings, order, result, now))
        ? IPN_CODES.ok
        : IPN_CODES.alreadyConfirmed;
    }
    if (isSuccess(result) && REOPENABLE.has(order.status)) return { reopen: order };
    return IPN_CODES.alreadyConfirmed;
  });
  if (!('reopen' in checked)) return checked;
  // Asked outside the row lock (a network call); the lock is taken again to record it. An unverified or
  // unconfirmed answer changes nothing and answers 99, so VNPay sends the IPN again later (and the
  // reconciliation asks again meanwhile); an unreachable gateway throws, which the route answers with 99.
  const answer = await askGateway(settings, checked.reopen, now);
  if (!answer.verified || !isSuccess(answer)) return IPN_CODES.unknownError;
  if (answer.amount !== String(checked.reopen.amountVnd * 100)) return IPN_CODES.invalidAmount;
  return (await recordConfirmedSuccess(db, settings, checked.reopen.id, answer, now))
    ? IPN_CODES.ok
    : IPN_CODES.alreadyConfirmed;
}

interface GatewayResult {
  transactionNo: string;
  responseCode: string;
  transactionStatus: string;
  bankCode: string;
  payload: Record<string, string>;
}

/**
 * Records a gateway's verified result for an order whose row the caller has locked (pending, or a
 * recorded failure overturned by a confirmed success): the notification (unique per order, gateway
 * transaction and response code, so a replay never acts twice; a payment cancelled before any bank may come numbered 0), the
 * status, and on success the fulfilment. False when this result was already recorded.
 */
async function recordResult(
  tx: Tx,
  settings: PaymentSettings,
  order: OrderRow,
  result: GatewayResult,
  now: Date,
) {
  const recorded = await tx
    .insert(gatewayNotifications)
    .values({
      provider: providerName(settings),
      providerTransactionId: `${order.code}:${result.transactionNo}:${result.responseCode}`,
      orderId: order.id,
      responseCode: result.responseCode,
      payload: result.payload,
    })
    .onConflictDoNothing()
    .returning({ id: gatewayNotifications.id });
  if (recorded.length === 0) return false;

  const success = isSuccess(result);
  await tx
    .update(paymentOrders)
    .set({
      status: success ? 'paid' : result.responseCode === '24' ? 'cancelled' : 'failed',
      paidAt: success ? now : null,
      providerTransactionNo: result.transactionNo || null,
      providerResponseCode: result.responseCode || null,
      bankCode: result.bankCode || null,
      updatedAt: now,
    })
    .where(eq(paymentOrders.id, order.id));
  if (success) await fulfil(tx, order, now);
  return true;
}

/** Asks the gateway's merchant API (querydr) about one order, by the order's own creation time. */
function askGateway(settings: PaymentSettings, order: OrderRow, now: Date) {
  return queryTransaction(settings, {
    orderCode: order.code,
    orderInfo: `Prepwise ${order.code}`,
    transactionDate: vnpayDate(order.createdAt),
    ipAddr: '127.0.0.1',
    now,
  });
}

/** The querydr answer as a result to record (a settled answer's own status is vnp_TransactionStatus). */
function resultOfQuery(order: OrderRow, answer: QueryResult): GatewayResult {
  return {
    transactionNo: answer.transactionNo || 'querydr',
    responseCode: answer.transactionStatus === '00' ? '00' : answer.transactionStatus,
    transactionStatus: answer.transactionStatus,
    bankCode: answer.bankCode,
    payload: { source: 'querydr', ...answer, verified: 'true', order: order.code },
  };
}

/**
 * A recorded failure overturned: the caller has a verified querydr answer of a settled success with the
 * order's amount. Under the order's row lock, the order is paid and fulfilled once if it is still failed
 * or cancelled (the only way out of those states); false when something else got there first.
 */
async function recordConfirmedSuccess(
  db: Db,
  settings: PaymentSettings,
  orderId: string,
  answer: QueryResult,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (!locked || !REOPENABLE.has(locked.status)) return false;
    return recordResult(tx, settings, locked, resultOfQuery(locked, answer), now);
  });
}

/** Gateway orders older than this are asked about (querydr); the payment URL expires after 15 minutes. */
export const RECONCILE_AFTER_MS = 15 * 60_000;

/**
 * A recorded failure younger than this is asked about too: VNPay lets the learner try again on the same
 * payment page (another card, another bank) until the URL expires, so a success may follow a failure.
 */
const REOPEN_WITHIN_MS = 75 * 60_000;

/** A pending order the gateway does not know after this long is closed as cancelled. */
const ABANDONED_AFTER_MS = 24 * 3_600_000;

/**
 * The reconciliation of gateway orders still pending 15 minutes after they were made (a lost or late IPN),
 * and of failures recorded in the hour after that (a success whose IPN was lost): VNPay is asked (querydr)
 * and a verified answer is recorded exactly as an IPN would be, under the order's lock; a failure changes
 * only to a settled success with the order's amount; a transaction VNPay does not know (91) is closed as
 * cancelled once a day has passed.
 */
export async function reconcileGatewayOrders(
  deps: GatewayDeps,
): Promise<{ checked: number; paid: number; closed: number }> {
  const {
    db,
    config: { payments: settings },
  } = deps;
  const now = deps.now();
  const due = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.method, 'vnpay'),
        lt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        or(
          eq(paymentOrders.status, 'pending'),
          and(
            inArray(paymentOrders.status, [...REOPENABLE]),
            gte(paymentOrders.createdAt, new Date(now.getTime() - REOPEN_WITHIN_MS)),
          ),
        ),
      ),
    )
    .orderBy(paymentOrders.createdAt)
    .limit(100);
  let paid = 0;
  let closed = 0;
  for (const order of due) {
    const answer = await askGateway(settings, order, now);
    if (!answer.verified) continue;
    const rightAmount = answer.amount === String(order.amountVnd * 100);
    if (order.status !== 'pending') {
      if (
        isSuccess(answer) &&
        rightAmount &&
        (await recordConfirmedSuccess(db, settings, order.id, answer, now))
      ) {
        paid++;
      }
      continue;
    }
    const known = answer.responseCode === '00';
    const settled = known && answer.transactionStatus !== '01'; // 01: not completed yet
    const abandoned =
      answer.responseCode === '91' && now.getTime() - order.createdAt.getTime() > ABANDONED_AFTER_MS;
    if (!settled && !abandoned) continue;
    if (settled && !rightAmount) continue;
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.id, order.id))
        .for('update');
      if (locked?.status !== 'pending') return 'none';
      if (abandoned) {
        await tx
          .update(paymentOrders)
          .set({ status: 'cancelled', providerResponseCode: '91', updatedAt: now })
          .where(eq(paymentOrders.id, order.id));
        return 'closed';
      }
      const applied = await recordResult(tx, settings, locked, resultOfQuery(locked, answer), now);
      return applied && answer.transactionStatus === '00' ? 'paid' : 'none';
    });
    if (outcome === 'paid') paid++;
    if (outcome === 'closed') closed++;
  }
  return { checked: due.length, paid, closed };
}
