import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { parseRsaKey } from './alipayConfig';
import { alipayTestKeys } from './testing/alipayTestKit';

const keys = alipayTestKeys();
const bareBase64 = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('WALLET_PAYMENT_PROVIDER=alipay: ALIPAY_* configuration', () => {
  it('names every missing variable in one error', () => {
    expect(problemsOf({ WALLET_PAYMENT_PROVIDER: 'alipay' })).toEqual([
      'ALIPAY_APP_ID is required with WALLET_PAYMENT_PROVIDER=alipay',
      'ALIPAY_PRIVATE_KEY (or ALIPAY_PRIVATE_KEY_FILE) is required with WALLET_PAYMENT_PROVIDER=alipay',
      'ALIPAY_PUBLIC_KEY (or ALIPAY_PUBLIC_KEY_FILE) is required with WALLET_PAYMENT_PROVIDER=alipay',
      'ALIPAY_NOTIFY_BASE_URL is required with WALLET_PAYMENT_PROVIDER=alipay (the public https origin Alipay calls back)',
    ]);
    // Bad values, together with another domain's bad variable: still one error.
    const problems = problemsOf({
      PORT: 'x',
      WALLET_PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: 'my-app',
      ALIPAY_PRIVATE_KEY: 'not a key',
      ALIPAY_PUBLIC_KEY: keys.appPrivatePem,
      ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do',
      ALIPAY_NOTIFY_BASE_URL: 'sports.example',
      ALIPAY_RETURN_URL: 'https://user:pw@sports.example/',
    });
    expect(problems).toEqual([
      expect.stringContaining('PORT'),
      'ALIPAY_APP_ID must be the app\'s digits, got "my-app"',
      'ALIPAY_PRIVATE_KEY is not an RSA private key (PEM or base64, PKCS#1 or PKCS#8)',
      'ALIPAY_PUBLIC_KEY is not an RSA public key (PEM or base64)',
      'ALIPAY_GATEWAY must be an https:// address, got "http://openapi.alipay.com/gateway.do"',
      'ALIPAY_NOTIFY_BASE_URL must be an https:// address, got "sports.example"',
      'ALIPAY_RETURN_URL must be an https:// address, got "https://user:pw@sports.example/"',
    ]);
    expect(problemsOf({ WALLET_PAYMENT_PROVIDER: 'paypal' })).toEqual(['WALLET_PAYMENT_PROVIDER must be one of sandbox, alipay, got "paypal"']);
  });

  it('reads the keys inline (PEM, bare base64, PKCS#1) or from files; the gateway defaults to production; production needs no ALLOW_SANDBOX_PAYMENTS', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'alipay-keys-'));
    try {
      await fs.writeFile(path.join(dir, 'app.pem'), keys.appPrivatePem);
      await fs.writeFile(path.join(dir, 'alipay.pub'), bareBase64(keys.alipayPublicPem));
      const base = { NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ALLOW_SMS_OUTBOX: '1', WALLET_PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021000000000001', ALIPAY_NOTIFY_BASE_URL: 'https://sports.example/' };
      const fromFiles = loadConfig({ ...base, ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem'), ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'alipay.pub') }).wallet;
      expect(fromFiles.paymentProvider).toBe('alipay');
      expect(fromFiles.alipay).toEqual({
        appId: '2021000000000001',
        privateKey: keys.appPrivatePem,
        alipayPublicKey: keys.alipayPublicPem,
        gateway: 'https://openapi.alipay.com/gateway.do',
        notifyBaseUrl: 'https://sports.example',
        returnUrl: null,
      });
      const inline = loadConfig({ ...base, ALIPAY_PRIVATE_KEY: keys.appPrivatePkcs1Base64, ALIPAY_PUBLIC_KEY: keys.alipayPublicPem.replace(/\n/g, '\\n') }).wallet.alipay;
      expect(inline?.privateKey).toBe(keys.appPrivatePem);
      expect(inline?.alipayPublicKey).toBe(keys.alipayPublicPem);
      expect(problemsOf({ ...base, ALIPAY_PRIVATE_KEY: keys.appPrivatePem, ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem'), ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'missing.pub') })).toEqual([
        'ALIPAY_PRIVATE_KEY and ALIPAY_PRIVATE_KEY_FILE are both set: set one',
        `ALIPAY_PUBLIC_KEY_FILE cannot be read (ENOENT): ${path.join(dir, 'missing.pub')}`,
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    // The sandbox reads no ALIPAY_* at all.
    expect(loadConfig({ ALIPAY_APP_ID: 'garbage' }).wallet.alipay).toBeNull();
  });

  it('parseRsaKey: RSA keys only, a private key is never taken for the public one', () => {
    expect(parseRsaKey(bareBase64(keys.appPrivatePem), 'private')).toBe(keys.appPrivatePem);
    expect(parseRsaKey(keys.appPrivatePem, 'public')).toBeNull();
    expect(parseRsaKey(bareBase64(keys.appPrivatePem), 'public')).toBeNull();
    expect(parseRsaKey(keys.alipayPublicPem, 'private')).toBeNull();
    expect(parseRsaKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', 'public')).toBeNull();
  });
});
