import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { packs } from './tests';

/** What an order buys. */
export const orderKindEnum = pgEnum('order_kind', ['top_up', 'pack', 'organization_package']);
/** How it is paid: from the wallet (the ledger) or through a payment gateway. */
export const orderMethodEnum = pgEnum('order_method', ['wallet', 'vnpay']);
export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'failed', 'cancelled', 'refunded']);
export const ledgerKindEnum = pgEnum('ledger_kind', ['top_up', 'purchase', 'refund', 'adjustment']);

/**
 * A package the platform sells to organizations (issue 16): a price for a period of whole months and the
 * limits that hold while it runs. A package that was ever bought is deactivated, never deleted.
 */
export const organizationPackages = pgTable(
  'organization_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    priceVnd: integer('price_vnd').notNull(),
    periodMonths: integer('period_months').notNull(),
    studentSeats: integer('student_seats').notNull(),
    staffAccounts: integer('staff_accounts').notNull(),
    tests: integer('tests').notNull(),
    aiCredits: integer('ai_credits').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organization_packages_price_positive', sql`${table.priceVnd} > 0`),
    check('organization_packages_period_positive', sql`${table.periodMonths} > 0`),
  ],
);

/**
 * An order: what is bought, for how much (integer VND), how, and its state. Fulfilled exactly once
 * (`paid_at` set in the same transaction as its ledger rows and entitlement, under the row's lock).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, human and gateway-safe reference (vnp_TxnRef): PW + digits. */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: orderKindEnum('kind').notNull(),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'restrict' }),
    /** For an organization package: the organization it is bought for (the payer is its owner). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    organizationPackageId: uuid('organization_package_id').references(() => organizationPackages.id, {
      onDelete: 'restrict',
    }),
    /** The name of what was bought, as it was at purchase time. */
    description: text('description').notNull(),
    amountVnd: integer('amount_vnd').notNull(),
    method: orderMethodEnum('method').notNull(),
    status: orderStatusEnum('status').notNull().default('pending'),
    /** The gateway's own transaction number (vnp_TransactionNo) once it answered. */
    providerTransactionNo: text('provider_transaction_no'),
    providerResponseCode: text('provider_response_code'),
    bankCode: text('bank_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_orders_code_key').on(table.code),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    index('payment_orders_created_idx').on(table.createdAt),
    /** The platform analytics' revenue: paid orders by day. */
    index('payment_orders_paid_idx').on(table.paidAt).where(sql`${table.status} = 'paid'`),
    check('payment_orders_amount_positive', sql`${table.amountVnd} > 0`),
    check('payment_orders_pack_has_pack', sql`(${table.kind} = 'pack') = (${table.packId} is not null)`),
    check(
      'payment_orders_package_has_organization',
      sql`(${table.kind}::text = 'organization_package') = (${table.organizationPackageId} is not null and ${table.organizationId} is not null)`,
    ),
    index('payment_orders_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/**
 * The wallet: append-only. A balance is the sum of a user's rows; one row per (order, kind), so an
 * order's effect can never be written twice.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    kind: ledgerKindEnum('kind').notNull(),
    /** Signed VND: credits positive, debits negative. */
    amountVnd: integer('amount_vnd').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_ledger_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('wallet_ledger_order_kind_key').on(table.orderId, table.kind),
    check('wallet_ledger_amount_nonzero', sql`${table.amountVnd} <> 0`),
  ],
);

/**
 * Every gateway notification (IPN) that acted, unique on the provider's transaction: stored in the same
 * transaction as its effect, so a replay can never act twice.
 */
export const gatewayNotifications = pgTable(
  'gateway_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    responseCode: text('response_code').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gateway_notifications_provider_txn_key').on(table.provider, table.providerTransactionId),
  ],
);

/** Access to a pack's tests, granted by one paid order (until `ends_at`); a refund revokes it. */
export const packEntitlements = pgTable(
  'pack_entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pack_entitlements_order_key').on(table.orderId),
    index('pack_entitlements_user_idx').on(table.userId, table.packId),
  ],
);

/**
 * One paid period of an organization's package, from one order (none for a period granted by the
 * platform, e.g. the seed). Renewing the same package starts where the last period ends; another package
 * starts at once. A refund revokes the period.
 */
export const organizationSubscriptions = pgTable(
  'organization_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => organizationPackages.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_subscriptions_order_key').on(table.orderId),
    index('organization_subscriptions_organization_idx').on(table.organizationId, table.endsAt),
    check('organization_subscriptions_period', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
