import { randomInt } from 'node:crypto';
import { okEnvelope, PAYMENT_KEYS } from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { validationFailed } from '../../lib/errors';
import {
  parseQuery,
  QUERY_REQUEST_FIELDS,
  QUERY_RESPONSE_FIELDS,
  signedQuery,
  signFields,
  verify,
  vnpayDate,
} from './vnpay';

export const SIMULATOR_OUTCOMES = ['pay', 'cancel', 'fail', 'pay_twice', 'pay_late'] as const;

/** How long "pay but send the IPN late" waits before notifying. */
const LATE_IPN_MS = 4000;

const checkoutSchema = z.object({
  valid: z.boolean(),
  tmn_code: z.string(),
  txn_ref: z.string(),
  amount_vnd: z.number().int(),
  order_info: z.string(),
  expires: z.string(),
});

/**
 * The local payment simulator (outside production, when VNPay is not configured): it plays VNPay with the
 * same protocol. The page /payment-simulator reads the signed payment request here, and "completing" it makes
 * the signed result, sends it to our IPN over HTTP (like VNPay, server to server) and gives the browser the
 * signed return URL.
 */
export const paymentSimulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.payments;
  if (settings?.provider !== 'simulator' || app.config.appEnv === 'production') return;
  const tags = ['payments'];

  const readRequest = (query: string) => {
    const params = parseQuery(query.replace(/^\?/, ''));
    const valid = verify(params, settings.hashSecret) && params.vnp_TmnCode === settings.tmnCode;
    return { params, valid };
  };

  // What the simulated bank knows, for the merchant API's querydr (kept in memory: a development tool).
  const settled = new Map<string, Record<string, string>>();

  const notify = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/public/payments/vnpay/ipn?${query}` });
    app.log.info({ answer: response.json() }, 'payment simulator: IPN answered');
  };

  app.get(
    '/public/payment-simulator/checkout',
    {
      schema: {
        tags,
        summary: 'Simulator: the payment request as the checkout page shows it',
        querystring: z.object({ request: z.string().max(4000) }),
        response: { 200: okEnvelope(checkoutSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { params, valid } = readRequest(request.query.request);
      const amount = Number(params.vnp_Amount ?? 0);
      return ok({
        valid,
        tmn_code: params.vnp_TmnCode ?? '',
        txn_ref: params.vnp_TxnRef ?? '',
        amount_vnd: Number.isSafeInteger(amount) ? Math.floor(amount / 100) : 0,
        order_info: params.vnp_OrderInfo ?? '',
        expires: params.vnp_ExpireDate ?? '',
      });
    },
  );

  app.post(
    '/public/payment-simulator/querydr',
    {
      schema: {
        tags,
        summary: "Simulator: VNPay's merchant API (querydr), signed as VNPay signs it",
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.record(z.string(), z.string()) },
      },
    },
    async (request) => {
      const body = Object.fromEntries(
        Object.entries(request.body).map(([key, value]) => [
          key,
          value === undefined || value === null ? '' : String(value),
        ]),
      );
      const expected = signFields(
        QUERY_REQUEST_FIELDS.map((key) => body[key]),
        settings.hashSecret,
      );
      const known = settled.get(body.vnp_TxnRef ?? '');
      const answer: Record<string, string> = {
        vnp_ResponseId: String(randomInt(10_000_000, 100_000_000)),
        vnp_Command: 'querydr',
        vnp_ResponseCode: expected !== body.vnp_SecureHash ? '97' : known ? '00' : '91',
        vnp_Message: known ? 'QueryDR Success' : 'Transaction not found',
        vnp_TmnCode: settings.tmnCode,
        vnp_TxnRef: body.vnp_TxnRef ?? '',
        vnp_Amount: known?.vnp_Amount ?? '',
        vnp_BankCode: known?.vnp_BankCode ?? '',
        vnp_PayDate: known?.vnp_PayDate ?? '',
        vnp_TransactionNo: known?.vnp_TransactionNo ?? '',
        vnp_TransactionType: '01',
        vnp_TransactionStatus: known?.vnp_TransactionStatus ?? '',
        vnp_OrderInfo: known?.vnp_OrderInfo ?? '',
        vnp_PromotionCode: '',
        vnp_PromotionAmount: '',
      };
      answer.vnp_SecureHash = signFields(
        QUERY_RESPONSE_FIELDS.map((key) => answer[key]),
        settings.hashSecret,
      );
      return answer;
    },
  );

  app.post(
    '/public/payment-simulator/complete',
    {
      schema: {
        tags,
        summary: 'Simulator: pay, cancel or fail; sends the signed IPN and answers the signed return URL',
        body: z.object({
          request: z.string().max(4000),
          outcome: z.enum(SIMULATOR_OUTCOMES, { error: 'common.invalid_field' }),
        }),
        response: { 200: okEnvelope(z.object({ return_url: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { params, valid } = readRequest(request.body.request);
      if (!valid || !params.vnp_ReturnUrl) throw validationFailed({ request: PAYMENT_KEYS.invalidSignature });
      const { outcome } = request.body;
      const paid = outcome === 'pay' || outcome === 'pay_twice' || outcome === 'pay_late';
      const responseCode = paid ? '00' : outcome === 'cancel' ? '24' : '51';
      const result: Record<string, string> = {
        vnp_Amount: params.vnp_Amount ?? '0',
        vnp_BankCode: 'NCB',
        vnp_CardType: 'ATM',
        vnp_OrderInfo: params.vnp_OrderInfo ?? '',
        vnp_PayDate: vnpayDate(app.now()),
        vnp_ResponseCode: responseCode,
        vnp_TmnCode: settings.tmnCode,
        vnp_TransactionNo: String(randomInt(10_000_000, 100_000_000)),
        vnp_TransactionStatus: paid ? '00' : '02',
        vnp_TxnRef: params.vnp_TxnRef ?? '',
      };
      if (paid) result.vnp_BankTranNo = `VNP${result.vnp_TransactionNo}`;
      const query = signedQuery(result, settings.hashSecret);
      settled.set(result.vnp_TxnRef!, result);
      if (outcome === 'pay_late') {
        setTimeout(
          () => void notify(query).catch((error) => app.log.error({ err: error }, 'late IPN failed')),
          LATE_IPN_MS,
        ).unref();
      } else if (outcome === 'pay_twice') {
        await Promise.all([notify(query), notify(query)]);
      } else {
        await notify(query);
      }
      const separator = params.vnp_ReturnUrl.includes('?') ? '&' : '?';
      return ok({ return_url: `${params.vnp_ReturnUrl}${separator}${query}` });
    },
  );
};
