import { randomInt } from 'node:crypto';
import {
  type CheckoutResult,
  type OrganizationOrder,
  PAYMENT_KEYS,
  type PaymentOrder,
  type PaymentReturn,
  type TransactionsQuery,
  type TransactionsResult,
  type Wallet,
} from '@prepwise/contract';
import { and, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db } from '../../db/client';
import {
  gatewayNotifications,
  organizationPackages,
  packEntitlements,
  packs,
  packTests,
  paymentOrders,
  users,
  walletLedger,
} from '../../db/schema';
import { wallClock } from '../../lib/clock';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import type { Tenant } from '../../tenancy/tenant';
import { packageForSale, revokePeriodOf, startPeriod } from '../organization-packages/packages.service';
import {
  buildPaymentUrl,
  IPN_CODES,
  type IpnAnswer,
  isGatewayResult,
  type QueryResult,
  queryTransaction,
  verify,
  vnpayDate,
} from './vnpay';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof paymentOrders.$inferSelect;

/** The gateway's provider name in `gateway_notifications` (the simulator speaks VNPay's protocol). */
const providerName = (settings: PaymentSettings) => settings.provider;

function newOrderCode(): string {
  // PW + time (base 36) + 4 random digits: unique, short, alphanumeric (vnp_TxnRef).
  // Real time, not the app's clock: it only keeps codes apart (a fixed test clock would repeat it).
  return `PW${wallClock().getTime().toString(36).toUpperCase()}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

const orderColumns = {
  order: paymentOrders,
  pack: { id: packs.id, name: packs.name, slug: packs.slug },
};

function toOrder(row: {
  order: OrderRow;
  pack: { id: string; name: string; slug: string } | null;
}): PaymentOrder {
  const { order } = row;
  return {
    id: order.id,
    code: order.code,
    kind: order.kind,
    description: order.description,
    pack: row.pack?.id ? row.pack : null,
    amount_vnd: order.amountVnd,
    method: order.method,
    status: order.status,
    provider_transaction_no: order.providerTransactionNo,
    bank_code: order.bankCode,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    refunded_at: order.refundedAt?.toISOString() ?? null,
  };
}

async function readOrder(db: Db | Tx, where: SQL | undefined): Promise<PaymentOrder | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .leftJoin(packs, eq(packs.id, paymentOrders.packId))
    .where(where);
  return row ? toOrder(row) : undefined;
}

/** A user's balance: the sum of their ledger, never a number stored alone. */
export async function balanceOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletLedger.amountVnd}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/** Serializes the money changes of one user (purchase from the wallet, refund): the user's row lock. */
async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export interface GatewayRequest {
  settings: PaymentSettings | undefined;
  /** When the order is made (the app's clock): its creation time and the payment's vnp_CreateDate. */
  now: Date;
  /** Absolute URL of /payment-successful. */
  returnUrl: string;
  ipAddr: string;
  locale: 'vi' | 'en';
}

function requireGateway(settings: PaymentSettings | undefined): PaymentSettings {
  if (!settings) {
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No payment gateway is configured', {
      method: PAYMENT_KEYS.gatewayUnavailable,
    });
  }
  return settings;
}

function paymentUrlFor(gateway: GatewayRequest, settings: PaymentSettings, order: PaymentOrder): string {
  return buildPaymentUrl(settings, {
    orderCode: order.code,
    amountVnd: order.amount_vnd,
    // VNPay asks for Vietnamese without accents and no special characters.
    orderInfo: `Prepwise ${order.code}`,
    returnUrl: gateway.returnUrl,
    ipAddr: gateway.ipAddr,
    locale: gateway.locale === 'en' ? 'en' : 'vn',
    // vnp_CreateDate is the order's own time: the reconciliation job asks VNPay about it by that date.
    now: new Date(order.created_at),
  });
}

/** A wallet top-up: a pending order and the gateway's payment URL. */
export async function createTopUp(
  db: Db,
  userId: string,
  amountVnd: number,
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const settings = requireGateway(gateway.settings);
  const [created] = await db
    .insert(paymentOrders)
    .values({
      code: newOrderCode(),
      userId,
      kind: 'top_up',
      description: 'top_up',
      amountVnd,
      method: 'vnpay',
      createdAt: gateway.now,
      updatedAt: gateway.now,
    })
    .returning({ id: paymentOrders.id });
  const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
  return { order, payment_url: paymentUrlFor(gateway, settings, order) };
}

/** The learner's live entitlement to a pack, if any. */
async function activeEntitlement(db: Db | Tx, userId: string, packId: string, now: Date) {
  const [row] = await db
    .select({ id: packEntitlements.id })
    .from(packEntitlements)
    .where(
      and(
        eq(packEntitlements.userId, userId),
        eq(packEntitlements.packId, packId),
        isNull(packEntitlements.revokedAt),
        or(isNull(packEntitlements.endsAt), gt(packEntitlements.endsAt, now)),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the learner may take a test sold in packs: a live entitlement to a pack holding it. */
export async function hasTestAccess(db: Db, userId: string, testId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: packEntitlements.id })
    .from(packEntitlements)
    .innerJoin(packTests, eq(packTests.packId, packEntitlements.packId))
    .where(
      and(
        eq(packEntitlements.userId, userId),
        eq(packTests.testId, testId),
        isNull(packEntitlements.revokedAt),
        or(isNull(packEntitlements.endsAt), gt(packEntitlements.endsAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The packs a learner holds now (the catalogue shows their tests unlocked). */
export async function ownedPackIds(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ packId: packEntitlements.packId })
    .from(packEntitlements)
    .where(
      and(
        eq(packEntitlements.userId, userId),
        isNull(packEntitlements.revokedAt),
        or(isNull(packEntitlements.endsAt), gt(packEntitlements.endsAt, now)),
      ),
    );
  return rows.map((row) => row.packId);
}

async function grantPack(tx: Tx, order: OrderRow, now: Date) {
  const [pack] = await tx
    .select({ validityDays: packs.validityDays })
    .from(packs)
    .where(eq(packs.id, order.packId!));
  const days = pack?.validityDays ?? 0;
  await tx.insert(packEntitlements).values({
    userId: order.userId,
    packId: order.packId!,
    orderId: order.id,
    startsAt: now,
    endsAt: days > 0 ? new Date(now.getTime() + days * 86_400_000) : null,
  });
}

/**
 * Buys a published platform pack: from the wallet (one transaction under the user's lock: balance check,
 * paid order, debit, entitlement) or through the gateway (a pending order; the IPN fulfils it).
 */
export async function buyPack(
  db: Db,
  userId: string,
  packId: string,
  method: 'wallet' | 'vnpay',
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const [pack] = await db
    .select({ id: packs.id, name: packs.name, priceVnd: packs.priceVnd })
    .from(packs)
    .where(and(eq(packs.id, packId), isNull(packs.organizationId), eq(packs.status, 'published')));
  if (!pack) throw notFound('Pack not found');
  if (pack.priceVnd <= 0) throw conflict('This pack is not for sale', { pack: PAYMENT_KEYS.packUnavailable });
  if (await activeEntitlement(db, userId, pack.id, gateway.now)) {
    throw conflict('The learner already holds this pack', { pack: PAYMENT_KEYS.alreadyOwned });
  }

  if (method === 'vnpay') {
    const settings = requireGateway(gateway.settings);
    const [created] = await db
      .insert(paymentOrders)
      .values({
        code: newOrderCode(),
        userId,
        kind: 'pack',
        packId: pack.id,
        description: pack.name,
        amountVnd: pack.priceVnd,
        method: 'vnpay',
        createdAt: gateway.now,
        updatedAt: gateway.now,
      })
      .returning({ id: paymentOrders.id });
    const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
    return { order, payment_url: paymentUrlFor(gateway, settings, order) };
  }

  const orderId = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await activeEntitlement(tx, userId, pack.id, gateway.now)) {
      throw conflict('The learner already holds this pack', { pack: PAYMENT_KEYS.alreadyOwned });
    }
    const balance = await balanceOf(tx, userId);
    if (balance < pack.priceVnd) {
      throw validationFailed({ method: PAYMENT_KEYS.insufficientBalance }, 'Not enough in the wallet');
    }
    const { now } = gateway;
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        code: newOrderCode(),
        userId,
        kind: 'pack',
        packId: pack.id,
        description: pack.name,
        amountVnd: pack.priceVnd,
        method: 'wallet',
        status: 'paid',
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(walletLedger)
      .values({ userId, orderId: order!.id, kind: 'purchase', amountVnd: -pack.priceVnd });
    await grantPack(tx, order!, now);
    return order!.id;
  });
  return { order: (await readOrder(db, eq(paymentOrders.id, orderId)))!, payment_url: null };
}

/**
 * An organization's package bought (or renewed) by its owner through the gateway: a pending order of kind
 * `organization_package`; the IPN starts or extends the subscription.
 */
export async function buyOrganizationPackage(
  db: Db,
  input: { organizationId: string; ownerId: string; packageId: string },
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const settings = requireGateway(gateway.settings);
  const pkg = await packageForSale(db, input.packageId);
  const [created] = await db
    .insert(paymentOrders)
    .values({
      code: newOrderCode(),
      userId: input.ownerId,
      organizationId: input.organizationId,
      kind: 'organization_package',
      organizationPackageId: pkg.id,
      description: pkg.name_vi,
      amountVnd: pkg.price_vnd,
      method: 'vnpay',
      createdAt: gateway.now,
      updatedAt: gateway.now,
    })
    .returning({ id: paymentOrders.id });
  const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
  return { order, payment_url: paymentUrlFor(gateway, settings, order) };
}

const organizationOrderColumns = {
  ...orderColumns,
  organizationPackage: {
    id: organizationPackages.id,
    nameVi: organizationPackages.nameVi,
    nameEn: organizationPackages.nameEn,
  },
};

function toOrganizationOrder(row: {
  order: OrderRow;
  pack: { id: string; name: string; slug: string } | null;
  organizationPackage: { id: string; nameVi: string; nameEn: string } | null;
}): OrganizationOrder {
  const pkg = row.organizationPackage;
  return {
    ...toOrder(row),
    organization_package: pkg?.id ? { id: pkg.id, name_vi: pkg.nameVi, name_en: pkg.nameEn } : null,
  };
}

/** One of the organization's orders (404 for another organization's). */
export async function getOrganizationOrder(
  db: Db,
  organizationId: string,
  orderId: string,
): Promise<OrganizationOrder> {
  const [row] = await db
    .select(organizationOrderColumns)
    .from(paymentOrders)
    .leftJoin(packs, eq(packs.id, paymentOrders.packId))
    .leftJoin(organizationPackages, eq(organizationPackages.id, paymentOrders.organizationPackageId))
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.organizationId, organizationId)));
  if (!row) throw notFound('Order not found');
  return toOrganizationOrder(row);
}

/** The return URL's parameters are a payment result signed with the gateway's key (not our own request). */
const isSignedResult = (settings: PaymentSettings | undefined, params: Record<string, string>) =>
  settings !== undefined && verify(params, settings.hashSecret) && isGatewayResult(params);

/** The gateway's return for an organization's order: the signature and the order as it is (never fulfils). */
export async function readOrganizationReturn(
  db: Db,
  settings: PaymentSettings | undefined,
  organizationId: string,
  params: Record<string, string>,
): Promise<PaymentReturn> {
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
export async function handleIpn(
  db: Db,
  settings: PaymentSettings,
  params: Record<string, string>,
  now: Date,
): Promise<IpnAnswer> {
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
export async function reconcilePendingOrders(
  db: Db,
  settings: PaymentSettings,
  now: Date,
): Promise<{ checked: number; paid: number; closed: number }> {
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

/**
 * The return URL's check (/payment-successful): the signature (of a payment result, not of our own request),
 * then the order of this learner as it is in the database. It never changes anything: the IPN and the
 * reconciliation do.
 */
export async function readReturn(
  db: Db,
  settings: PaymentSettings | undefined,
  userId: string,
  params: Record<string, string>,
): Promise<PaymentReturn> {
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

export async function listMyOrders(db: Db, userId: string): Promise<PaymentOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(paymentOrders)
    .leftJoin(packs, eq(packs.id, paymentOrders.packId))
    .where(and(eq(paymentOrders.userId, userId), isNull(paymentOrders.organizationId)))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(200);
  return rows.map(toOrder);
}

export async function getMyOrder(db: Db, userId: string, orderId: string): Promise<PaymentOrder> {
  const order = await readOrder(
    db,
    and(
      eq(paymentOrders.id, orderId),
      eq(paymentOrders.userId, userId),
      isNull(paymentOrders.organizationId),
    ),
  );
  if (!order) throw notFound('Order not found');
  return order;
}

export async function getWallet(db: Db, userId: string): Promise<Wallet> {
  const [balance, rows] = await Promise.all([
    balanceOf(db, userId),
    db
      .select({ entry: walletLedger, code: paymentOrders.code })
      .from(walletLedger)
      .leftJoin(paymentOrders, eq(paymentOrders.id, walletLedger.orderId))
      .where(eq(walletLedger.userId, userId))
      .orderBy(desc(walletLedger.createdAt))
      .limit(200),
  ]);
  return {
    balance_vnd: balance,
    ledger: rows.map(({ entry, code }) => ({
      id: entry.id,
      kind: entry.kind,
      amount_vnd: entry.amountVnd,
      order_code: code,
      note: entry.note,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * The transactions a tenant sees (issue 27): the platform every order; an organization only its own (the
 * packages it bought), whatever the query asks.
 */
function transactionFilters(tenant: Tenant, query: TransactionsQuery): SQL | undefined {
  const text = query.q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const vietnamDay = (day: string) => new Date(`${day}T00:00:00+07:00`);
  return and(
    tenant.organizationId ? eq(paymentOrders.organizationId, tenant.organizationId) : undefined,
    query.status ? eq(paymentOrders.status, query.status) : undefined,
    query.method ? eq(paymentOrders.method, query.method) : undefined,
    query.kind ? eq(paymentOrders.kind, query.kind) : undefined,
    query.from ? gte(paymentOrders.createdAt, vietnamDay(query.from)) : undefined,
    query.to ? lt(paymentOrders.createdAt, new Date(vietnamDay(query.to).getTime() + 86_400_000)) : undefined,
    pattern
      ? or(ilike(users.email, pattern), ilike(users.fullName, pattern), ilike(paymentOrders.code, pattern))
      : undefined,
  );
}

/**
 * The tenant's transactions (the platform's every order, or an organization's own), filtered, newest
 * first, with the totals over the whole filtered set.
 */
export async function listTransactions(
  db: Db,
  tenant: Tenant,
  query: TransactionsQuery,
): Promise<TransactionsResult> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const where = transactionFilters(tenant, query);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        ...organizationOrderColumns,
        user: { id: users.id, email: users.email, fullName: users.fullName },
      })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .leftJoin(packs, eq(packs.id, paymentOrders.packId))
      .leftJoin(organizationPackages, eq(organizationPackages.id, paymentOrders.organizationPackageId))
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        count: sql<number>`count(*)::int`,
        paid: sql<string>`coalesce(sum(${paymentOrders.amountVnd}) filter (where ${paymentOrders.status} = 'paid'), 0)`,
        refunded: sql<string>`coalesce(sum(${paymentOrders.amountVnd}) filter (where ${paymentOrders.status} = 'refunded'), 0)`,
      })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toOrganizationOrder(row),
      user: { id: row.user.id, email: row.user.email, full_name: row.user.fullName },
    })),
    page,
    pageSize,
    total: totals?.count ?? 0,
    totals: {
      count: totals?.count ?? 0,
      paid_vnd: Number(totals?.paid ?? 0),
      refunded_vnd: Number(totals?.refunded ?? 0),
    },
  };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // Quote always; neutralize spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/**
 * The tenant's filtered transactions as CSV (UTF-8 with BOM so spreadsheets read Vietnamese), at most
 * 50,000 rows.
 */
export async function exportTransactionsCsv(
  db: Db,
  tenant: Tenant,
  query: TransactionsQuery,
): Promise<string> {
  const rows = await db
    .select({ ...orderColumns, user: { email: users.email, fullName: users.fullName } })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(packs, eq(packs.id, paymentOrders.packId))
    .where(transactionFilters(tenant, query))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(50_000);
  const header = [
    'code',
    'created_at',
    'email',
    'full_name',
    'kind',
    'description',
    'amount_vnd',
    'method',
    'status',
    'provider_transaction_no',
    'paid_at',
    'refunded_at',
  ];
  const lines = rows.map(({ order, user }) =>
    [
      order.code,
      order.createdAt.toISOString(),
      user.email,
      user.fullName,
      order.kind,
      order.description,
      order.amountVnd,
      order.method,
      order.status,
      order.providerTransactionNo,
      order.paidAt?.toISOString() ?? null,
      order.refundedAt?.toISOString() ?? null,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * Refunds a paid order (admin): a reversing ledger row in the same transaction as the status change. A pack
 * is refunded into the wallet and its entitlement ends; a top-up goes back to the payer (the wallet is debited,
 * so the balance must still hold it); an organization's package loses the period it paid for.
 */
export async function refundOrder(
  db: Db,
  orderId: string,
  staffId: string,
  now: Date,
): Promise<PaymentOrder> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (!order) throw notFound('Order not found');
    if (order.status !== 'paid') {
      throw conflict('Only a paid order can be refunded', { status: PAYMENT_KEYS.notRefundable });
    }
    await lockUser(tx, order.userId);
    if (order.kind === 'organization_package') {
      // Paid to the platform's account by the organization: the money goes back through the gateway's
      // merchant portal (outside Prepwise); here the period it paid for ends.
      await revokePeriodOf(tx, order.id, now);
    } else if (order.kind === 'top_up') {
      if ((await balanceOf(tx, order.userId)) < order.amountVnd) {
        throw conflict('The wallet no longer holds this top-up', {
          status: PAYMENT_KEYS.refundExceedsBalance,
        });
      }
      await tx
        .insert(walletLedger)
        .values({ userId: order.userId, orderId: order.id, kind: 'refund', amountVnd: -order.amountVnd });
    } else {
      await tx
        .insert(walletLedger)
        .values({ userId: order.userId, orderId: order.id, kind: 'refund', amountVnd: order.amountVnd });
      await tx
        .update(packEntitlements)
        .set({ revokedAt: now })
        .where(and(eq(packEntitlements.orderId, order.id), isNull(packEntitlements.revokedAt)));
    }
    await tx
      .update(paymentOrders)
      .set({ status: 'refunded', refundedAt: now, refundedBy: staffId, updatedAt: now })
      .where(eq(paymentOrders.id, order.id));
  });
  return (await readOrder(db, eq(paymentOrders.id, orderId)))!;
}
