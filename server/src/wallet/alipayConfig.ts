import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ReadVar } from '../infra/config/envVars';

/** Alipay's production gateway (the sandbox's is https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** The 'alipay' payment provider's settings (walletConfig.ts reads them when it is chosen). */
export interface AlipayConfig {
  /** ALIPAY_APP_ID: the application's id on the Alipay open platform. */
  appId: string;
  /** ALIPAY_PRIVATE_KEY (PEM or bare base64, PKCS#1 or PKCS#8) or ALIPAY_PRIVATE_KEY_FILE: the app's RSA private key, as PKCS#8 PEM. */
  privateKey: string;
  /** ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_FILE: Alipay's RSA public key (not the app's), as SPKI PEM; verifies notifies. */
  alipayPublicKey: string;
  /** ALIPAY_GATEWAY: default Alipay's production gateway. */
  gateway: string;
  /** ALIPAY_NOTIFY_BASE_URL: this site's public https origin the gateway calls back (notify_url = it + /api/chargerules/notify/alipay). */
  notifyBaseUrl: string;
  /** ALIPAY_RETURN_URL: where the member's browser returns after paying; null: none (the member closes the payment tab). */
  returnUrl: string | null;
}

/**
 * Reads ALIPAY_*: each missing or bad variable is one entry in `problems` (config.ts lists them
 * all in one error). Keys are parsed here, so a wrong key stops the start, not the first payment.
 */
export function loadAlipayConfig(read: ReadVar, problems: string[]): AlipayConfig | null {
  const before = problems.length;
  const appId = read('ALIPAY_APP_ID');
  if (appId === undefined) problems.push('ALIPAY_APP_ID is required with WALLET_PAYMENT_PROVIDER=alipay');
  else if (!/^\d{6,32}$/.test(appId)) problems.push(`ALIPAY_APP_ID must be the app's digits, got "${appId}"`);
  const privateKey = readKey(read, 'ALIPAY_PRIVATE_KEY', 'private', problems);
  const alipayPublicKey = readKey(read, 'ALIPAY_PUBLIC_KEY', 'public', problems);
  const gateway = httpsUrl('ALIPAY_GATEWAY', read('ALIPAY_GATEWAY') ?? ALIPAY_DEFAULT_GATEWAY, problems);
  const rawBase = read('ALIPAY_NOTIFY_BASE_URL');
  if (rawBase === undefined) problems.push('ALIPAY_NOTIFY_BASE_URL is required with WALLET_PAYMENT_PROVIDER=alipay (the public https origin Alipay calls back)');
  const notifyBaseUrl = rawBase === undefined ? null : httpsUrl('ALIPAY_NOTIFY_BASE_URL', rawBase, problems);
  const rawReturn = read('ALIPAY_RETURN_URL');
  const returnUrl = rawReturn === undefined ? null : httpsUrl('ALIPAY_RETURN_URL', rawReturn, problems);
  if (problems.length > before || appId === undefined || privateKey === null || alipayPublicKey === null || gateway === null || notifyBaseUrl === null) return null;
  return { appId, privateKey, alipayPublicKey, gateway, notifyBaseUrl: notifyBaseUrl.replace(/\/+$/, ''), returnUrl };
}

/** `<NAME>` (the key itself) or `<NAME>_FILE` (a path to it), exactly one; parsed and re-encoded as PEM. */
function readKey(read: ReadVar, name: string, kind: 'private' | 'public', problems: string[]): string | null {
  const inline = read(name);
  const path = read(`${name}_FILE`);
  if (inline !== undefined && path !== undefined) {
    problems.push(`${name} and ${name}_FILE are both set: set one`);
    return null;
  }
  let text = inline;
  if (path !== undefined) {
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      problems.push(`${name}_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${path}`);
      return null;
    }
  }
  if (text === undefined) {
    problems.push(`${name} (or ${name}_FILE) is required with WALLET_PAYMENT_PROVIDER=alipay`);
    return null;
  }
  const pem = parseRsaKey(text, kind);
  if (pem === null) problems.push(`${name} is not an RSA ${kind} key (PEM or base64${kind === 'private' ? ', PKCS#1 or PKCS#8' : ''})`);
  return pem;
}

/**
 * An RSA key as the Alipay key tool gives it (PEM with its armour, or the bare base64 body;
 * a private key in PKCS#1 or PKCS#8) re-encoded as PKCS#8 / SPKI PEM, or null.
 */
export function parseRsaKey(text: string, kind: 'private' | 'public'): string | null {
  const trimmed = text.replace(/\\n/g, '\n').trim();
  const candidates: Array<() => string> = [];
  if (trimmed.startsWith('-----BEGIN')) {
    // A private key given as the public one would yield the app's own public key: refuse it.
    if (kind === 'public' && trimmed.includes('PRIVATE KEY')) return null;
    candidates.push(() => exportKey(trimmed, kind));
  } else {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    // createPublicKey derives a public key from a private one: a private key is never the public one.
    if (kind === 'public' && parseRsaKey(trimmed, 'private') !== null) return null;
    const types = kind === 'private' ? (['pkcs8', 'pkcs1'] as const) : (['spki', 'pkcs1'] as const);
    for (const type of types) candidates.push(() => exportKey({ key: der, format: 'der', type }, kind));
  }
  for (const candidate of candidates) {
    try {
      return candidate();
    } catch {
      // Not this encoding: try the next.
    }
  }
  return null;
}

function exportKey(input: string | { key: Buffer; format: 'der'; type: 'pkcs1' | 'pkcs8' | 'spki' }, kind: 'private' | 'public'): string {
  const key = kind === 'private' ? createPrivateKey(input as never) : createPublicKey(input as never);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  return kind === 'private' ? (key.export({ type: 'pkcs8', format: 'pem' }) as string) : (key.export({ type: 'spki', format: 'pem' }) as string);
}

function httpsUrl(name: string, raw: string, problems: string[]): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' && url.username === '' && url.password === '') return url.pathname === '/' && url.search === '' ? url.origin : url.toString();
  } catch {
    // Reported below.
  }
  problems.push(`${name} must be an https:// address, got "${raw}"`);
  return null;
}
