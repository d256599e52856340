import {
  PAYMENT_KEYS,
  type PaymentOrder,
  type TransactionsQuery,
  type TransactionsResult,
} from '@prepwise/contract';
import { and, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  organizationPackages,
  packEntitlements,
  packs,
  paymentOrders,
  users,
  walletLedger,
} from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import type { Tenant } from '../../tenancy/tenant';
import { revokePeriodOf } from '../organization-packages/packages.service';
import { orderColumns, organizationOrderColumns, readOrder, toOrganizationOrder } from './orders';
import { balanceOf, lockUser } from './wallet.service';

/*
 * The transactions, in both scopes (issue 27): the platform's every order or an organization's own,
 * filtered, totalled and exported; and the platform's refunds.
 */

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
  deps: Pick<Deps, 'db' | 'now'>,
  orderId: string,
  staffId: string,
): Promise<PaymentOrder> {
  const { db } = deps;
  const now = deps.now();
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
