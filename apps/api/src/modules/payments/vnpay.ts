import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay's signed-query protocol (payment API v2.1.0), our own adapter: parameters sorted by name, names and
 * values URL-encoded as VNPay does (encodeURIComponent, spaces as "+"), joined as a query, signed with
 * HMAC-SHA512 of the merchant's hash secret (hex). The local payment simulator speaks the same protocol.
 */
export interface VnpayCredentials {
  tmnCode: string;
  hashSecret: string;
  /** The payment page (…/paymentv2/vpcpay.html), or the simulator's. */
  paymentUrl: string;
}

const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** The signed data of a set of parameters: sorted, encoded, without the hash fields themselves. */
export function signedData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType' && params[key] !== '')
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key] as string)}`)
    .join('&');
}

export function sign(params: Record<string, string>, hashSecret: string): string {
  return createHmac('sha512', hashSecret).update(signedData(params), 'utf8').digest('hex');
}

/** Whether `vnp_SecureHash` is the signature of the other parameters (compared in constant time). */
export function verify(params: Record<string, string>, hashSecret: string): boolean {
  const given = params.vnp_SecureHash;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{128}$/.test(given)) return false;
  const expected = Buffer.from(sign(params, hashSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/** The query string of signed parameters (with vnp_SecureHash last). */
export function signedQuery(params: Record<string, string>, hashSecret: string): string {
  return `${signedData(params)}&vnp_SecureHash=${sign(params, hashSecret)}`;
}

/** yyyyMMddHHmmss in Vietnam time (GMT+7), as VNPay wants its dates. */
export function vnpayDate(date: Date): string {
  const shifted = new Date(date.getTime() + 7 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${shifted.getUTCFullYear()}${pad(shifted.getUTCMonth() + 1)}${pad(shifted.getUTCDate())}` +
    `${pad(shifted.getUTCHours())}${pad(shifted.getUTCMinutes())}${pad(shifted.getUTCSeconds())}`
  );
}

export interface PaymentRequest {
  orderCode: string;
  amountVnd: number;
  orderInfo: string;
  returnUrl: string;
  ipAddr: string;
  locale: 'vn' | 'en';
  /** When the payment is created (vnp_CreateDate; it expires 15 minutes later). */
  now: Date;
}

/** The payment URL the learner's browser is sent to (15 minutes to pay). */
export function buildPaymentUrl(credentials: VnpayCredentials, request: PaymentRequest): string {
  const { now } = request;
  const params: Record<string, string> = {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: credentials.tmnCode,
    vnp_Amount: String(request.amountVnd * 100),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: request.orderCode,
    vnp_OrderInfo: request.orderInfo,
    vnp_OrderType: 'other',
    vnp_Locale: request.locale,
    vnp_ReturnUrl: request.returnUrl,
    vnp_IpAddr: request.ipAddr,
    vnp_CreateDate: vnpayDate(now),
    vnp_ExpireDate: vnpayDate(new Date(now.getTime() + 15 * 60_000)),
  };
  const separator = credentials.paymentUrl.includes('?') ? '&' : '?';
  return `${credentials.paymentUrl}${separator}${signedQuery(params, credentials.hashSecret)}`;
}

/** The parameters of a query string, decoded (VNPay's "+" are spaces). */
export function parseQuery(query: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) params[key] = value;
  return params;
}

/** IPN answer codes, in the order VNPay checks them. */
export const IPN_CODES = {
  ok: { RspCode: '00', Message: 'Confirm Success' },
  orderNotFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'Invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  /**
   * Signed with our key but not a payment result (the payment URL's own query, for one): VNPay's "other
   * error" code, with the message of its reference IPN code for input it cannot use. Not 97: the signature
   * is right, and saying otherwise would send whoever reads the log after the secret.
   */
  notAResult: { RspCode: '99', Message: 'Input data required' },
  unknownError: { RspCode: '99', Message: 'Unknown error' },
} as const;

/**
 * Whether signed parameters are a payment result as VNPay 2.1.0 sends it to the IPN and the return URL:
 * its response fields (vnp_ResponseCode, vnp_TransactionStatus, vnp_TransactionNo, vnp_BankCode,
 * vnp_PayDate) present and well formed, and none of the request's own (vnp_Command, vnp_ReturnUrl). The
 * payment URL we sign is the same protocol under the same key, so its signature alone proves nothing.
 */
export function isGatewayResult(params: Record<string, string>): boolean {
  const has = (key: string, pattern: RegExp) => pattern.test(params[key] ?? '');
  return (
    has('vnp_ResponseCode', /^\d{2}$/) &&
    has('vnp_TransactionStatus', /^\d{2}$/) &&
    has('vnp_TransactionNo', /^\d{1,20}$/) &&
    has('vnp_BankCode', /^[A-Za-z0-9_]{1,20}$/) &&
    has('vnp_PayDate', /^\d{14}$/) &&
    has('vnp_Amount', /^\d{1,15}$/) &&
    (params.vnp_TxnRef ?? '') !== '' &&
    params.vnp_Command === undefined &&
    params.vnp_ReturnUrl === undefined
  );
}

export type IpnAnswer = (typeof IPN_CODES)[keyof typeof IPN_CODES];

/** HMAC-SHA512 (hex) of fields joined by "|", as VNPay's merchant API (querydr) signs requests and answers. */
export function signFields(fields: readonly (string | undefined)[], hashSecret: string): string {
  return createHmac('sha512', hashSecret)
    .update(fields.map((field) => field ?? '').join('|'), 'utf8')
    .digest('hex');
}

function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{128}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export interface QueryResult {
  /** The answer's signature is VNPay's. */
  verified: boolean;
  responseCode: string;
  transactionStatus: string;
  amount: string;
  transactionNo: string;
  bankCode: string;
  payDate: string;
}

/** The querydr request's fields, in the order its signature joins them. */
export const QUERY_REQUEST_FIELDS = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_TransactionDate',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

export const QUERY_RESPONSE_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
] as const;

/**
 * Asks VNPay's merchant API about one payment (querydr, v2.1.0): the request and the answer are signed
 * over their fields joined by "|"; an answer whose signature does not match is reported unverified.
 */
export async function queryTransaction(
  credentials: VnpayCredentials & { apiUrl: string },
  query: { orderCode: string; orderInfo: string; transactionDate: string; ipAddr: string; now: Date },
): Promise<QueryResult> {
  const request = {
    vnp_RequestId: `${query.now.getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    vnp_Version: '2.1.0',
    vnp_Command: 'querydr',
    vnp_TmnCode: credentials.tmnCode,
    vnp_TxnRef: query.orderCode,
    vnp_OrderInfo: query.orderInfo,
    vnp_TransactionDate: query.transactionDate,
    vnp_CreateDate: vnpayDate(query.now),
    vnp_IpAddr: query.ipAddr,
  };
  const vnp_SecureHash = signFields(
    QUERY_REQUEST_FIELDS.map((key) => request[key]),
    credentials.hashSecret,
  );
  const response = await fetch(credentials.apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...request, vnp_SecureHash }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`querydr answered HTTP ${response.status}`);
  const answer = (await response.json()) as Record<string, unknown>;
  const text = (key: string) =>
    answer[key] === undefined || answer[key] === null ? '' : String(answer[key]);
  const expected = signFields(
    QUERY_RESPONSE_FIELDS.map((key) => text(key)),
    credentials.hashSecret,
  );
  return {
    verified: sameHex(expected, answer.vnp_SecureHash) && text('vnp_TxnRef') === query.orderCode,
    responseCode: text('vnp_ResponseCode'),
    transactionStatus: text('vnp_TransactionStatus'),
    amount: text('vnp_Amount'),
    transactionNo: text('vnp_TransactionNo'),
    bankCode: text('vnp_BankCode'),
    payDate: text('vnp_PayDate'),
  };
}
