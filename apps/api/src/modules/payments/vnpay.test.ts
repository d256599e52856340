import { describe, expect, it } from 'vitest';
import { HashAlgorithm, VNPay } from 'vnpay';
import { buildPaymentUrl, parseQuery, signedQuery, verify, vnpayDate } from './vnpay';

const credentials = {
  tmnCode: 'PWORACLE',
  hashSecret: 'ORACLESECRET0123456789ABCDEF',
  paymentUrl: 'https://pay.example/vpcpay.html',
};
// The `vnpay` npm package as an independent oracle of the protocol (decision 015).
const oracle = new VNPay({
  tmnCode: credentials.tmnCode,
  secureSecret: credentials.hashSecret,
  vnpayHost: 'https://pay.example',
  hashAlgorithm: HashAlgorithm.SHA512,
});

describe('VNPay signatures', () => {
  it('our payment URL verifies with the vnpay package, Vietnamese and spaces included', () => {
    const url = buildPaymentUrl(credentials, {
      orderCode: 'PW123ABC0001',
      amountVnd: 199_000,
      orderInfo: 'Mua gói đề: Luyện thi & kiểm tra 100%',
      returnUrl: 'http://localhost:3000/payment-successful',
      ipAddr: '127.0.0.1',
      locale: 'vn',
      now: new Date(Date.UTC(2026, 10, 24, 17, 30, 5)),
    });
    const params = parseQuery(url.split('?')[1]!);
    expect(params).toMatchObject({
      vnp_Amount: '19900000',
      vnp_CreateDate: '20261125003005',
      vnp_ExpireDate: '20261125004505',
    });
    // biome-ignore lint/suspicious/noExplicitAny: the oracle's query type is a loose record
    expect(oracle.verifyReturnUrl(params as any).isVerified).toBe(true);
  });

  it("the vnpay package's payment URL verifies with ours; any change breaks it", () => {
    const url = oracle.buildPaymentUrl({
      vnp_Amount: 250_000,
      vnp_IpAddr: '10.0.0.1',
      vnp_ReturnUrl: 'http://localhost:3000/payment-successful',
      vnp_TxnRef: 'PWXYZ',
      vnp_OrderInfo: 'Nap tien vi Prepwise',
    });
    const params = parseQuery(url.split('?')[1]!);
    expect(verify(params, credentials.hashSecret)).toBe(true);
    expect(verify({ ...params, vnp_Amount: '25000001' }, credentials.hashSecret)).toBe(false);
    expect(verify(params, 'another-secret-entirely')).toBe(false);
    expect(verify({ ...params, vnp_SecureHash: 'zz' }, credentials.hashSecret)).toBe(false);
    const { vnp_SecureHash: _dropped, ...unsigned } = params;
    expect(verify(unsigned, credentials.hashSecret)).toBe(false);
  });

  it('signed results (as our simulator sends them) verify with the vnpay package', () => {
    const query = signedQuery(
      {
        vnp_Amount: '100000',
        vnp_ResponseCode: '00',
        vnp_TxnRef: 'PW1',
        vnp_OrderInfo: 'Prepwise PW1',
        vnp_TmnCode: 'PWORACLE',
      },
      credentials.hashSecret,
    );
    // biome-ignore lint/suspicious/noExplicitAny: the oracle's query type is a loose record
    expect(oracle.verifyIpnCall(parseQuery(query) as any)).toMatchObject({
      isVerified: true,
      isSuccess: true,
    });
  });

  it('dates are Vietnam time', () => {
    expect(vnpayDate(new Date(Date.UTC(2026, 0, 1, 20, 0, 0)))).toBe('20260102030000');
  });
});
