import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chinaDateTime } from '../infra/chinaTime';
import { ALIPAY_NOTIFY_PATH, createAlipayProvider, fenToYuan, yuanToFen } from './alipayProvider';
import { TEST_ALIPAY_APP_ID, alipayNotify, alipayTestKeys, signAlipayNotify, testAlipayConfig } from './testing/alipayTestKit';

const keys = alipayTestKeys();
const provider = createAlipayProvider(testAlipayConfig(keys), () => new Date('2026-11-20T04:10:05Z'));
const ORDER_NO = 'R202611200400001234567890';

describe('alipay provider (alipay-sdk): page-pay URL and RSA2 notify verification, no network', () => {
  it('money: integer fen as yuan with 2 decimals and back, without floats', () => {
    expect([fenToYuan(3000), fenToYuan(1), fenToYuan(10), fenToYuan(0), fenToYuan(123_456_789)]).toEqual(['30.00', '0.01', '0.10', '0.00', '1234567.89']);
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
    expect([yuanToFen('30.00'), yuanToFen('30'), yuanToFen('30.5'), yuanToFen('0.01'), yuanToFen('0.07')]).toEqual([3000, 3000, 3050, 1, 7]);
    for (const bad of ['', '30.001', '-1.00', '1e3', ' 30.00', '30.', '.5', '３0']) expect(yuanToFen(bad)).toBeNull();
    expect(chinaDateTime(new Date('2026-11-20T16:30:00Z'))).toBe('2026-11-21 00:30:00');
  });

  it('the page-pay URL: the gateway, alipay.trade.page.pay with the order number, yuan amount, subject, expiry, notify and return URLs, signed RSA2 with the app key', async () => {
    const url = new URL(await provider.createPayment({ orderNo: ORDER_NO, amountFen: 3050, subject: '充值 300 金币', expiresAt: new Date('2026-11-20T04:30:00Z') }));
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: TEST_ALIPAY_APP_ID,
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      // China time, whatever the host's zone.
      timestamp: '2026-11-20 12:10:05',
      notify_url: `https://sports.example${ALIPAY_NOTIFY_PATH}`,
      return_url: 'https://sports.example/web/member?query=1',
    });
    expect(JSON.parse(params.biz_content as string)).toEqual({
      out_trade_no: ORDER_NO,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '30.50',
      subject: '充值 300 金币',
      time_expire: '2026-11-20 12:30:00',
    });
    // What Alipay checks: every parameter but sign, sorted, verified with the app's public key.
    const { sign, ...signed } = params;
    const text = Object.keys(signed)
      .sort()
      .map((name) => `${name}=${signed[name]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(text, 'utf8').verify(keys.appPublicPem, sign as string, 'base64')).toBe(true);
    expect(createVerify('RSA-SHA256').update(text.replace('30.50', '0.01'), 'utf8').verify(keys.appPublicPem, sign as string, 'base64')).toBe(false);
  });

  it('reads a notify signed by Alipay: paid, closed, waiting; the amount in fen', () => {
    for (const [status, expected] of [
      ['TRADE_SUCCESS', 'paid'],
      ['TRADE_FINISHED', 'paid'],
      ['TRADE_CLOSED', 'cancelled'],
    ] as const) {
      const notify = alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: status, trade_no: 'T1' });
      expect(provider.readNotify(notify)).toEqual({ kind: 'verdict', verdict: { orderNo: ORDER_NO, tradeNo: 'T1', amountFen: 3050, status: expected } });
      expect(provider.verifyNotify({ body: notify, headers: {} })).toEqual({ orderNo: ORDER_NO, tradeNo: 'T1', amountFen: 3050, status: expected });
    }
    const waiting = alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'WAIT_BUYER_PAY' });
    expect(provider.readNotify(waiting)).toEqual({ kind: 'waiting', orderNo: ORDER_NO });
    expect(provider.verifyNotify({ body: waiting, headers: {} })).toBeNull();
    // Values are verified as received: a % or a quote in a field is not decoded a second time.
    const odd = alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_SUCCESS', body: '100% "满意"' });
    expect(provider.readNotify(odd).kind).toBe('verdict');
    expect(provider.notifyAnswers).toEqual({ success: 'success', failure: 'fail' });
  });

  it('refuses a notify signed by anyone else, tampered, for another app, unsigned, RSA (SHA-1), or malformed', () => {
    const good = alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_SUCCESS' });
    expect(provider.readNotify(good).kind).toBe('verdict');
    const forger = alipayTestKeys();
    const refusals: Array<[Record<string, string>, string]> = [
      [alipayNotify(forger.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_SUCCESS' }), 'signature'],
      // Signed with the app's own key (which the site holds): still not Alipay.
      [alipayNotify(keys.appPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_SUCCESS' }), 'signature'],
      [{ ...good, total_amount: '0.01' }, 'signature'],
      [{ ...good, trade_status: 'WAIT_BUYER_PAY' }, 'signature'],
      [{ ...good, out_trade_no: 'R202611200400009999999999' }, 'signature'],
      [{ ...good, extra: 'x' }, 'signature'],
      [{ ...good, sign: '' }, 'unsigned'],
      [Object.fromEntries(Object.entries(good).filter(([name]) => name !== 'sign')), 'unsigned'],
      [{ ...good, sign_type: 'RSA' }, 'sign_type'],
      [alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_SUCCESS', app_id: '2021999999999999' }), 'app_id'],
      [alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.5x', trade_status: 'TRADE_SUCCESS' }), 'total_amount'],
      [alipayNotify(keys.alipayPrivatePem, { out_trade_no: ORDER_NO, total_amount: '30.50', trade_status: 'TRADE_REFUNDED' }), 'trade_status'],
      [alipayNotify(keys.alipayPrivatePem, { out_trade_no: '', total_amount: '30.50', trade_status: 'TRADE_SUCCESS' }), 'fields'],
    ];
    for (const [notify, why] of refusals) {
      expect(provider.readNotify(notify)).toEqual({ kind: 'invalid', why });
      expect(provider.verifyNotify({ body: notify, headers: {} })).toBeNull();
    }
    expect(provider.readNotify({ ...good, total_amount: 1 } as never)).toEqual({ kind: 'invalid', why: 'shape' });
    for (const body of [null, 'text', 42]) expect(provider.verifyNotify({ body, headers: {} })).toBeNull();
    // The kit signs as Alipay documents (sign and sign_type excluded): the signature covers sign_type's absence too.
    expect(signAlipayNotify(keys.alipayPrivatePem, { a: '1', sign_type: 'RSA2' })).toBe(signAlipayNotify(keys.alipayPrivatePem, { a: '1' }));
  });
});
