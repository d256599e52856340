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

export async function startFakeVnpay(): Promise<FakeVnpay> {
  const oracle = new VNPay({
    tmnCode: FAKE_TMN_CODE,
    secureSecret: FAKE_HASH_SECRET,
    vnpayHost: 'http://127.0.0.1',
    hashAlgorithm: HashAlgorithm.SHA512,
  });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
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
      const query = fake.signedQuery({
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
      });
      const answers = await Promise.all(
        Array.from({ length: options.ipnTimes ?? 1 }, () => fake.sendIpn(query)),
      );
      return { answers, returnQuery: query };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
