import { createHmac, timingSafeEqual } from 'node:crypto';
import { type RemoteName, isRemoteName } from '@sports/shared/server';

/**
 * QA override tokens: `<payload>.<signature>`, both base64url. The payload names the remote, the
 * release and when the token expires (`{"r":"mf_live","v":"0.2.0-3f9a1c2b0d","e":<unix seconds>}`);
 * the signature is an HMAC-SHA256 of the payload text under a key only the server holds. Only the
 * ops API issues them (the ops page, `pnpm mf override`), so a link from anyone else cannot put a
 * visitor on a release. They are not secret (they travel in a URL); they are unforgeable.
 */
export interface OverrideGrant {
  remote: RemoteName;
  releaseId: string;
  /** Epoch milliseconds (whole seconds in the token). */
  expiresAt: number;
}

/** A token longer than this is not one of ours (a payload is ~80 characters, a signature 43). */
export const OVERRIDE_TOKEN_MAX_LENGTH = 300;
const RELEASE_ID = /^[0-9A-Za-z.+_-]{1,64}$/;

/**
 * The signing key, derived from the ops token: every node that shares the ops token (MF_OPS_TOKEN)
 * accepts the same tokens, and changing the ops token revokes every token issued with the old one.
 */
export function overrideKey(opsToken: string): Buffer {
  return createHmac('sha256', opsToken).update('mf-override-token/v1').digest();
}

export function signOverride(key: Buffer, grant: OverrideGrant): string {
  const payload = Buffer.from(JSON.stringify({ r: grant.remote, v: grant.releaseId, e: Math.floor(grant.expiresAt / 1000) })).toString('base64url');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** The grant a token carries when its signature is ours and it has not expired; else null. */
export function verifyOverride(key: Buffer, token: string, now: number): OverrideGrant | null {
  if (token.length > OVERRIDE_TOKEN_MAX_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let fields: { r?: unknown; v?: unknown; e?: unknown };
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof fields;
  } catch {
    return null;
  }
  const { r: remote, v: releaseId, e: expiresAtSeconds } = fields;
  if (typeof remote !== 'string' || !isRemoteName(remote) || typeof releaseId !== 'string' || !RELEASE_ID.test(releaseId)) return null;
  if (typeof expiresAtSeconds !== 'number' || !Number.isSafeInteger(expiresAtSeconds) || expiresAtSeconds * 1000 <= now) return null;
  return { remote, releaseId, expiresAt: expiresAtSeconds * 1000 };
}

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}
