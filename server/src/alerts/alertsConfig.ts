import type { ReadVar } from '../infra/config/envVars';

/** The alerts' part of the configuration (alerts/README.md, "Configuration"). */
export interface AlertsConfig {
  /**
   * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url, a P-256 key pair: 65 and 32 bytes), both or
   * neither. Neither: a pair generated on the first start and kept in the database (vapid_key), so
   * every node signs with the same key and subscriptions survive restarts.
   */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: who runs the site, `mailto:` or `https:` (push services may write to it). */
  vapidSubject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:push@sports.example.com';

export function defaultAlertsConfig(): AlertsConfig {
  return { vapid: null, vapidSubject: DEFAULT_VAPID_SUBJECT };
}

/** The decoded size of a base64url text, or null when it is not base64url. */
export function base64UrlBytes(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  return bytes.toString('base64url') === text.replace(/=+$/, '') ? bytes : null;
}

export function loadAlertsConfig(read: ReadVar, problems: string[]): AlertsConfig {
  const publicKey = read('VAPID_PUBLIC_KEY');
  const privateKey = read('VAPID_PRIVATE_KEY');
  const subject = read('VAPID_SUBJECT') ?? DEFAULT_VAPID_SUBJECT;
  let vapid: AlertsConfig['vapid'] = null;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a key pair is generated and kept in the database)');
  } else if (publicKey !== undefined && privateKey !== undefined) {
    const pub = base64UrlBytes(publicKey);
    const priv = base64UrlBytes(privateKey);
    if (pub === null || pub.length !== 65 || pub[0] !== 4) problems.push('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, uncompressed)');
    if (priv === null || priv.length !== 32) problems.push('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
    vapid = { publicKey, privateKey };
  }
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) problems.push(`VAPID_SUBJECT must be a mailto: or https: address, got "${subject}"`);
  return { vapid, vapidSubject: subject };
}
