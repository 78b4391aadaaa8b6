import { createSign, generateKeyPairSync } from 'node:crypto';
import type { AlipayConfig } from '../alipayConfig';

/** Two RSA key pairs made in the test: the app's (signs page-pay URLs) and "Alipay's" (signs notifies). No network. */
export function alipayTestKeys() {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    appPrivatePem: app.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    appPublicPem: app.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    alipayPrivatePem: alipay.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    alipayPublicPem: alipay.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    /** The app key as the Alipay key tool prints it for non-Java languages: PKCS#1, bare base64. */
    appPrivatePkcs1Base64: (app.privateKey.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64'),
  };
}
export type AlipayTestKeys = ReturnType<typeof alipayTestKeys>;

export const TEST_ALIPAY_APP_ID = '2021000000000001';

export function testAlipayConfig(keys: AlipayTestKeys): AlipayConfig {
  return {
    appId: TEST_ALIPAY_APP_ID,
    privateKey: keys.appPrivatePem,
    alipayPublicKey: keys.alipayPublicPem,
    gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    notifyBaseUrl: 'https://sports.example',
    returnUrl: 'https://sports.example/web/member?query=1',
  };
}

/**
 * Signs fields the way Alipay signs an async notify (RSA2): every field but `sign` and
 * `sign_type`, sorted by name, `name=value` joined by `&` (values as sent, not encoded),
 * SHA256withRSA with Alipay's private key, base64.
 */
export function signAlipayNotify(privatePem: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privatePem, 'base64');
}

/** A notify of alipay.trade.page.pay as Alipay posts it (the fields of its documentation), signed. */
export function alipayNotify(privatePem: string, fields: { out_trade_no: string; total_amount: string; trade_status: string; trade_no?: string; app_id?: string } & Record<string, string>): Record<string, string> {
  const body: Record<string, string> = {
    gmt_create: '2026-11-20 12:00:00',
    charset: 'utf-8',
    gmt_payment: '2026-11-20 12:00:05',
    notify_time: '2026-11-20 12:00:06',
    subject: '充值 60 金币',
    buyer_id: '2088102177846880',
    invoice_amount: fields.total_amount,
    version: '1.0',
    notify_id: `2026112000222120006${Math.floor(Math.random() * 1e9)}`,
    fund_bill_list: '[{"amount":"6.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    receipt_amount: fields.total_amount,
    buyer_pay_amount: fields.total_amount,
    app_id: TEST_ALIPAY_APP_ID,
    seller_id: '2088102177846881',
    trade_no: `2026112022001${fields.out_trade_no.slice(-10)}`,
    ...fields,
  };
  return { ...body, sign_type: 'RSA2', sign: signAlipayNotify(privatePem, body) };
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
