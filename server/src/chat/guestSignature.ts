import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_SIGNATURE_VALIDITY_SECONDS, type TouristAccount } from '@sports/shared/server';
import type { Clock } from '../infra/clock';

/**
 * Guest chat identities (SPEC.md section 4: visitors chat as a tourist account). The server
 * signs `id` + expiry with a secret that never leaves it; the built-in chat verifies the pair
 * when the guest connects. Signature format: `<expiry unix seconds>.<base64url HMAC-SHA-256>`.
 */
export const GUEST_ID_PREFIX = 'guest_';
const GUEST_ID_PATTERN = /^guest_[0-9a-f]{16}$/;
const SIG_PATTERN = /^([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, id: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`guest-chat-v1\n${id}\n${expiresAt}`).digest();
}

/** A fresh guest id: `guest_` + 16 random hex digits. */
export function newGuestId(): string {
  return GUEST_ID_PREFIX + randomBytes(8).toString('hex');
}

export function signGuest(secret: string, id: string, expiresAt: number): string {
  return `${expiresAt}.${mac(secret, id, expiresAt).toString('base64url')}`;
}

export type GuestVerification = { valid: true; expiresAt: number } | { valid: false; reason: 'malformed' | 'expired' | 'bad-signature' };

export function verifyGuest(secret: string, id: string, sig: string, now: Date): GuestVerification {
  const match = SIG_PATTERN.exec(sig);
  if (!GUEST_ID_PATTERN.test(id) || match === null) return { valid: false, reason: 'malformed' };
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  // The signature is checked before the expiry, so a forged expiry is "bad-signature".
  if (!timingSafeEqual(given, mac(secret, id, expiresAt))) return { valid: false, reason: 'bad-signature' };
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}

export interface GuestSigner {
  /** A new guest id with its signature, valid CHAT_SIGNATURE_VALIDITY_SECONDS (7 days). */
  issue(): TouristAccount;
  verify(id: string, sig: string): GuestVerification;
}

export function createGuestSigner(secret: string, clock: Clock): GuestSigner {
  return {
    issue() {
      const id = newGuestId();
      const expiresAt = Math.floor(clock().getTime() / 1000) + CHAT_SIGNATURE_VALIDITY_SECONDS;
      return { id, sig: signGuest(secret, id, expiresAt) };
    },
    verify: (id, sig) => verifyGuest(secret, id, sig, clock()),
  };
}
