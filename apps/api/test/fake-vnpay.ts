import { createHmac, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HashAlgorithm, VNPay } from 'vnpay';

/**
 * A local server of ours that plays VNPay (payment API v2.1.0) for the tests: its payment page checks the
 * merchant's signature with the `vnpay` npm package (an implementation independent of ours), and paying sends
 * the signed IPN to the merchant over HTTP, then answers the signed return URL, as VNPay does.
 */
export interface FakeVnpay {
  paymentUrl: string;
  apiUrl: string;
  /** The merchant's IPN URL (configured in VNPay's merchant portal). */
  ipnUrl: string;
  /** Opens the payment URL; `null` when VNPay refuses it (bad signature). */
  open(paymentUrl: string): Promise<Record<string, string> | null>;
  /** Pays (or cancels) the order of a payment URL: the IPN's answer and the signed return query. */
  pay(
    paymentUrl: string,
    options?: { responseCode?: string; amount?: string; ipnTimes?: number },
  ): Promise<{ answers: { RspCode: string; Message: string }[]; returnQuery: string }>;
  /** Signs parameters as VNPay does (sorted, URL-encoded, HMAC-SHA512), written here from the spec. */
  signedQuery(params: Record<string, string>): string;
  sendIpn(query: string): Promise<{ RspCode: string; Message: string }>;
  close(): Promise<void>;
}

export const FAKE_TMN_CODE = 'PWTEST01';
export const FAKE_HASH_SECRET = 'TESTHASHSECRETFORVNPAYFAKE0123456789';

function vnpayEncode(params: Record<string, string>) {
  return Object.keys(params)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key]!).replace(/%20/g, '+')}`)
    .join('&');
}

const pipeHash = (fields: (string | undefined)[]) =>
  createHmac('sha512', FAKE_HASH_SECRET)
    .update(fields.map((field) => field ?? '').join('|'))
    .digest('hex');

/** The payments VNPay settled, by order (vnp_TxnRef), as querydr reports them. */
const settled = new Map<string, Record<string, string>>();
let forgeQueryAnswers = false;

/** VNPay's querydr: the request's signature checked, the answer signed over its fields joined by "|". */
function answerQuery(body: Record<string, string>): Record<string, string> {
  const requestHash = pipeHash(
    [
      'vnp_RequestId',
      'vnp_Version',
      'vnp_Command',
      'vnp_TmnCode',
      'vnp_TxnRef',
      'vnp_TransactionDate',
      'vnp_CreateDate',
      'vnp_IpAddr',
      'vnp_OrderInfo',
    ].map((key) => body[key]),
  );
  const known = settled.get(body.vnp_TxnRef ?? '');
  const answer: Record<string, string> = {
    vnp_ResponseId: String(randomInt(10_000_000, 100_000_000)),
    vnp_Command: 'querydr',
    vnp_ResponseCode: requestHash !== body.vnp_SecureHash ? '97' : known ? '00' : '91',
    vnp_Message: 'QueryDR',
    vnp_TmnCode: FAKE_TMN_CODE,
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
  const fields = [
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
  ];
  answer.vnp_SecureHash = forgeQueryAnswers ? 'f'.repeat(128) : pipeHash(fields.map((key) => answer[key]));
  return answer;
}

export function setForgedQueryAnswers(on: boolean) {
  forgeQueryAnswers = on;
}

export async function startFakeVnpay(): Promise<FakeVnpay> {
  const oracle = new VNPay({
    tmnCode: FAKE_TMN_CODE,
    secureSecret: FAKE_HASH_SECRET,
    vnpayHost: 'http://127.0.0.1',
    hashAlgorithm: HashAlgorithm.SHA512,
  });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/merchant_webapi/api/transaction' && request.method === 'POST') {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answerQuery(JSON.parse(text) as Record<string, string>)));
      });
      return;
    }
    if (url.pathname !== '/paymentv2/vpcpay.html') {
      response.writeHead(404).end();
      return;
    }
    const params = Object.fromEntries(url.searchParams);
    // biome-ignore lint/suspicious/noExplicitAny: the oracle's query type is a loose record
    const verdict = oracle.verifyReturnUrl(params as any);
    const valid =
      verdict.isVerified && params.vnp_TmnCode === FAKE_TMN_CODE && params.vnp_Version === '2.1.0';
    response.writeHead(valid ? 200 : 400, { 'content-type': 'application/json' });
    response.end(JSON.stringify(valid ? params : { error: 'Sai chữ ký' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeVnpay = {
    paymentUrl: `${base}/paymentv2/vpcpay.html`,
    apiUrl: `${base}/merchant_webapi/api/transaction`,
    ipnUrl: '',
    signedQuery(params) {
      const data = vnpayEncode(params);
      const hash = createHmac('sha512', FAKE_HASH_SECRET).update(Buffer.from(data, 'utf8')).digest('hex');
      return `${data}&vnp_SecureHash=${hash}`;
    },
    async sendIpn(query) {
      const response = await fetch(`${fake.ipnUrl}?${query}`);
      return (await response.json()) as { RspCode: string; Message: string };
    },
    async open(paymentUrl) {
      const response = await fetch(paymentUrl);
      return response.ok ? ((await response.json()) as Record<string, string>) : null;
    },
    async pay(paymentUrl, options = {}) {
      const request = await fake.open(paymentUrl);
      if (!request) throw new Error('VNPay refused the payment URL');
      const responseCode = options.responseCode ?? '00';
      const transactionNo = String(randomInt(10_000_000, 100_000_000));
      const result = {
        vnp_Amount: options.amount ?? request.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_BankTranNo: `VNP${transactionNo}`,
        vnp_CardType: 'ATM',
        vnp_OrderInfo: request.vnp_OrderInfo!,
        vnp_PayDate: request.vnp_CreateDate!,
        vnp_ResponseCode: responseCode,
        vnp_TmnCode: FAKE_TMN_CODE,
        vnp_TransactionNo: transactionNo,
        vnp_TransactionStatus: responseCode === '00' ? '00' : '02',
        vnp_TxnRef: request.vnp_TxnRef!,
      };
      if (!options.amount) settled.set(result.vnp_TxnRef, result);
      const query = fake.signedQuery(result);
      const answers = await Promise.all(
        Array.from({ length: options.ipnTimes ?? 1 }, () => fake.sendIpn(query)),
      );
      return { answers, returnQuery: query };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
