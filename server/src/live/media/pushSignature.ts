import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed push keys: `room<id>?sign=<expiry unix s>-<hex HMAC-SHA-256>`. The HMAC covers the
 * stream, the expiry and the room's stream_key_version, so bumping the version (getLiveUrl
 * ?reset=1) invalidates every address handed out before, and a key for one room does not open
 * another. The same check serves the embedded ingest and an external media server's callbacks.
 */

const SIGN_PATTERN = /^([1-9][0-9]{0,11})-([0-9a-f]{64})$/;
/** How many earlier versions a refused key is compared with, only to log "rotated" precisely. */
const ROTATED_LOOKBACK = 20;

export type PushRefusal = 'unsigned' | 'malformed' | 'expired' | 'bad-signature' | 'rotated';

export type PushCheck = { ok: true; expiresAt: number } | { ok: false; reason: PushRefusal };

export function pushSignature(secret: string, stream: string, expiresAt: number, version: number): string {
  const mac = createHmac('sha256', secret).update(`push\n${stream}\n${expiresAt}\n${version}`).digest('hex');
  return `${expiresAt}-${mac}`;
}

/** `sign` is the query value as presented (undefined when absent); times in unix seconds. */
export function checkPushSignature(
  secret: string,
  stream: string,
  sign: string | undefined,
  currentVersion: number,
  nowSeconds: number,
): PushCheck {
  if (sign === undefined || sign === '') return { ok: false, reason: 'unsigned' };
  const match = SIGN_PATTERN.exec(sign);
  if (match === null) return { ok: false, reason: 'malformed' };
  const expiresAt = Number(match[1]);
  if (!sameSignature(pushSignature(secret, stream, expiresAt, currentVersion), sign)) {
    return { ok: false, reason: signedForEarlierVersion(secret, stream, expiresAt, sign, currentVersion) ? 'rotated' : 'bad-signature' };
  }
  // Checked after the MAC so an attacker learns nothing from the expiry of a forged key.
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt };
}

function signedForEarlierVersion(secret: string, stream: string, expiresAt: number, sign: string, currentVersion: number): boolean {
  for (let version = currentVersion - 1; version >= Math.max(1, currentVersion - ROTATED_LOOKBACK); version -= 1) {
    if (sameSignature(pushSignature(secret, stream, expiresAt, version), sign)) return true;
  }
  return false;
}

function sameSignature(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why a push was refused, for the log. */
export const pushRefusalText: Record<PushRefusal | 'unknown-room' | 'not-a-room' | 'busy', string> = {
  unsigned: 'no sign parameter',
  malformed: 'sign is not <expiry>-<hex>',
  expired: 'the push key has expired',
  'bad-signature': 'wrong signature',
  rotated: 'the push key was reset (an earlier stream key version)',
  'unknown-room': 'no such room',
  'not-a-room': 'not a room stream name (room<id>)',
  busy: 'the stream already has a publisher',
};
