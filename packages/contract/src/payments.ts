import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { isoDate } from './fields';
import { VALIDATION_KEYS } from './validation';

/** Field-error and refusal keys of payments (apps/web/app/locales/{vi,en}/messages.json → payments.*). */
export const PAYMENT_KEYS = {
  amountRange: 'payments.amount_range',
  insufficientBalance: 'payments.insufficient_balance',
  alreadyOwned: 'payments.already_owned',
  packUnavailable: 'payments.pack_unavailable',
  gatewayUnavailable: 'payments.gateway_unavailable',
  notRefundable: 'payments.not_refundable',
  refundExceedsBalance: 'payments.refund_exceeds_balance',
  invalidSignature: 'payments.invalid_signature',
} as const;

/** Top-ups: 10,000 to 50,000,000 VND, whole thousands. */
export const TOP_UP_MIN_VND = 10_000;
export const TOP_UP_MAX_VND = 50_000_000;

export const ORDER_KINDS = ['top_up', 'pack', 'organization_package'] as const;
export const ORDER_METHODS = ['wallet', 'vnpay'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const LEDGER_KINDS = ['top_up', 'purchase', 'refund', 'adjustment'] as const;

export const topUpBodySchema = z.object({
  amount_vnd: z
    .number({ error: VALIDATION_KEYS.required })
    .int({ error: PAYMENT_KEYS.amountRange })
    .min(TOP_UP_MIN_VND, { error: PAYMENT_KEYS.amountRange })
    .max(TOP_UP_MAX_VND, { error: PAYMENT_KEYS.amountRange })
    .refine((value) => value % 1000 === 0, { error: PAYMENT_KEYS.amountRange }),
});

export const buyPackBodySchema = z.object({
  method: z.enum(ORDER_METHODS, { error: VALIDATION_KEYS.invalid }),
});

export const orderSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(ORDER_KINDS),
    description: z.string(),
    pack: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
    amount_vnd: z.number().int(),
    method: z.enum(ORDER_METHODS),
    status: z.enum(ORDER_STATUSES),
    provider_transaction_no: z.string().nullable(),
    bank_code: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
  })
  .meta({ id: 'PaymentOrder' });

/** A new order: paid at once (wallet), or pending with the gateway's payment URL to send the browser to. */
export const checkoutResultSchema = z.object({
  order: orderSchema,
  payment_url: z.string().nullable(),
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount_vnd: z.number().int(),
  order_code: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const walletSchema = z.object({
  balance_vnd: z.number().int(),
  ledger: z.array(ledgerEntrySchema),
});

/** What /payment-successful shows: the order's real state, read after checking the gateway's signature. */
export const paymentReturnSchema = z.object({
  signature_valid: z.boolean(),
  order: orderSchema,
});

/**
 * One row of the transactions list, in both scopes (issue 27): the platform's every order, or an
 * organization's own (the packages it bought): who paid, and the organization's package bought.
 */
export const transactionSchema = orderSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), full_name: z.string() }),
  organization_package: z.object({ id: z.string(), name_vi: z.string(), name_en: z.string() }).nullable(),
});

export const transactionsQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  method: z.enum(ORDER_METHODS).optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  /** E-mail, name or order code (part of). */
  q: z.string().trim().max(200).optional(),
  from: isoDate(VALIDATION_KEYS.invalid).optional(),
  to: isoDate(VALIDATION_KEYS.invalid).optional(),
});

export const transactionsResultSchema = z.object({
  items: z.array(transactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Over every order matching the filters: paid (and not refunded) and refunded amounts. */
  totals: z.object({ paid_vnd: z.number().int(), refunded_vnd: z.number().int(), count: z.number().int() }),
});

export type PaymentOrder = z.infer<typeof orderSchema>;
export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionsQuery = Partial<z.output<typeof transactionsQuerySchema>>;
export type TransactionsResult = z.infer<typeof transactionsResultSchema>;
export type Wallet = z.infer<typeof walletSchema>;
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
