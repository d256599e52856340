import { randomInt } from 'node:crypto';
import type { OrganizationOrder, PaymentOrder } from '@prepwise/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organizationPackages, packs, paymentOrders } from '../../db/schema';
import type { Deps } from '../../deps';
import { wallClock } from '../../lib/clock';

/*
 * What the payment services share (issue 27: payments.service.ts split on its seams): an order's row and
 * its answer, and what the services take (deps.ts). The services: wallet.service.ts (balance, ledger),
 * entitlements.ts (a learner's packs), checkout.service.ts (top-ups, pack and package purchases, the
 * learner's and an organization's orders), gateway.service.ts (the IPN, the return page's check, the
 * reconciliation), transactions.service.ts (the transactions list, CSV and refunds).
 */

/**
 * What a payment service works with: the database, the gateway's settings (`config.payments`, none when
 * no gateway is configured) and the app's clock, the only "now" it reads.
 */
export interface PaymentDeps extends Pick<Deps, 'db' | 'now'> {
  config: Pick<Config, 'payments'>;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type OrderRow = typeof paymentOrders.$inferSelect;

export function newOrderCode(): string {
  // PW + time (base 36) + 4 random digits: unique, short, alphanumeric (vnp_TxnRef).
  // Real time, not the app's clock: it only keeps codes apart (a fixed test clock would repeat it).
  return `PW${wallClock().getTime().toString(36).toUpperCase()}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export const orderColumns = {
  order: paymentOrders,
  pack: { id: packs.id, name: packs.name, slug: packs.slug },
};

export function toOrder(row: {
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

export async function readOrder(db: Db | Tx, where: SQL | undefined): Promise<PaymentOrder | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .leftJoin(packs, eq(packs.id, paymentOrders.packId))
    .where(where);
  return row ? toOrder(row) : undefined;
}

export const organizationOrderColumns = {
  ...orderColumns,
  organizationPackage: {
    id: organizationPackages.id,
    nameVi: organizationPackages.nameVi,
    nameEn: organizationPackages.nameEn,
  },
};

export function toOrganizationOrder(row: {
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
