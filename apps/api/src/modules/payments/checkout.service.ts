import {
  type CheckoutResult,
  type OrganizationOrder,
  PAYMENT_KEYS,
  type PaymentOrder,
} from '@prepwise/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db } from '../../db/client';
import { organizationPackages, packs, paymentOrders, walletLedger } from '../../db/schema';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { packageForSale } from '../organization-packages/packages.service';
import { activeEntitlement, grantPack } from './entitlements';
import {
  newOrderCode,
  orderColumns,
  organizationOrderColumns,
  type PaymentDeps,
  readOrder,
  toOrder,
  toOrganizationOrder,
} from './orders';
import { buildPaymentUrl } from './vnpay';
import { balanceOf, lockUser } from './wallet.service';

/*
 * Orders made and read: a wallet top-up, a pack bought from the wallet or through the gateway, an
 * organization's package bought by its owner; the learner's orders and an organization's one order.
 */

/**
 * The request a gateway payment starts from. The order's time is the app's clock (`deps.now`, read once
 * per call): its creation time and the payment's vnp_CreateDate.
 */
export interface GatewayRequest {
  /** Absolute URL of /payment-successful. */
  returnUrl: string;
  ipAddr: string;
  locale: 'vi' | 'en';
}

export function requireGateway(settings: PaymentSettings | undefined): PaymentSettings {
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
  deps: PaymentDeps,
  userId: string,
  amountVnd: number,
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const { db } = deps;
  const now = deps.now();
  const settings = requireGateway(deps.config.payments);
  const [created] = await db
    .insert(paymentOrders)
    .values({
      code: newOrderCode(),
      userId,
      kind: 'top_up',
      description: 'top_up',
      amountVnd,
      method: 'vnpay',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: paymentOrders.id });
  const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
  return { order, payment_url: paymentUrlFor(gateway, settings, order) };
}

/**
 * Buys a published platform pack: from the wallet (one transaction under the user's lock: balance check,
 * paid order, debit, entitlement) or through the gateway (a pending order; the IPN fulfils it).
 */
export async function buyPack(
  deps: PaymentDeps,
  userId: string,
  packId: string,
  method: 'wallet' | 'vnpay',
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const { db } = deps;
  const now = deps.now();
  const [pack] = await db
    .select({ id: packs.id, name: packs.name, priceVnd: packs.priceVnd })
    .from(packs)
    .where(and(eq(packs.id, packId), isNull(packs.organizationId), eq(packs.status, 'published')));
  if (!pack) throw notFound('Pack not found');
  if (pack.priceVnd <= 0) throw conflict('This pack is not for sale', { pack: PAYMENT_KEYS.packUnavailable });
  if (await activeEntitlement(db, userId, pack.id, now)) {
    throw conflict('The learner already holds this pack', { pack: PAYMENT_KEYS.alreadyOwned });
  }

  if (method === 'vnpay') {
    const settings = requireGateway(deps.config.payments);
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
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: paymentOrders.id });
    const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
    return { order, payment_url: paymentUrlFor(gateway, settings, order) };
  }

  const orderId = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await activeEntitlement(tx, userId, pack.id, now)) {
      throw conflict('The learner already holds this pack', { pack: PAYMENT_KEYS.alreadyOwned });
    }
    const balance = await balanceOf(tx, userId);
    if (balance < pack.priceVnd) {
      throw validationFailed({ method: PAYMENT_KEYS.insufficientBalance }, 'Not enough in the wallet');
    }
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
  deps: PaymentDeps,
  input: { organizationId: string; ownerId: string; packageId: string },
  gateway: GatewayRequest,
): Promise<CheckoutResult> {
  const { db } = deps;
  const now = deps.now();
  const settings = requireGateway(deps.config.payments);
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
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: paymentOrders.id });
  const order = (await readOrder(db, eq(paymentOrders.id, created!.id)))!;
  return { order, payment_url: paymentUrlFor(gateway, settings, order) };
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
