import { createHmac, timingSafeEqual } from 'node:crypto';
import { inflateSync } from 'node:zlib';

/** What a Tencent Cloud IM UserSig (tls-sig-api-v2) says, once decoded. */
export interface TencentUserSigDoc {
  'TLS.ver': string;
  'TLS.identifier': string;
  'TLS.sdkappid': number;
  'TLS.time': number;
  'TLS.expire': number;
  'TLS.sig': string;
}

/**
 * Checks a UserSig the way Tencent's servers do (an independent reading of the tls-sig-api-v2
 * format, not the library's code): base64 with `*-_` for `+/=`, of deflated JSON whose
 * `TLS.sig` is base64 HMAC-SHA-256, under the application's secret key, of the identifier,
 * SDKAppID, issue time and validity. Throws when it is not one.
 */
export function verifyTencentUserSig(userSig: string, secretKey: string): TencentUserSigDoc {
  const base64 = userSig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=');
  const doc = JSON.parse(inflateSync(Buffer.from(base64, 'base64')).toString('utf8')) as TencentUserSigDoc;
  if (doc['TLS.ver'] !== '2.0') throw new Error(`not a v2 UserSig: ${JSON.stringify(doc)}`);
  const signed =
    `TLS.identifier:${doc['TLS.identifier']}\n` +
    `TLS.sdkappid:${doc['TLS.sdkappid']}\n` +
    `TLS.time:${doc['TLS.time']}\n` +
    `TLS.expire:${doc['TLS.expire']}\n`;
  const expected = createHmac('sha256', secretKey).update(signed).digest();
  const given = Buffer.from(doc['TLS.sig'], 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('the UserSig is not signed with this secret key');
  return doc;
}
