import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_SIGNATURE_VALIDITY_SECONDS } from '@sports/shared/server';
import type { Clock } from '../infra/clock';
import type { GuestVerification } from './guestSignature';

/**
 * Members' userSig for the built-in chat (what Tencent's UserSig is for its IM): the server signs
 * the user id, the site session it was issued in, and an expiry with the chat secret (the
 * guests' secret, another domain string, so a guest signature is never a member one).
 * Format: `<expiry unix seconds>.<session id>.<base64url HMAC-SHA-256>`.
 *
 * The session id is what lets a sign-out or a password reset end the chat identity too: the hub
 * refuses a signature whose session is no longer active (memberSessions.ts), however long its
 * own expiry still runs.
 */
const MEMBER_ID_PATTERN = /^[1-9][0-9]{0,15}$/;
const SIG_PATTERN = /^([0-9]{1,12})\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, userId: string, sessionId: number, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`member-chat-v2\n${userId}\n${sessionId}\n${expiresAt}`).digest();
}

export function signMember(secret: string, userId: string, sessionId: number, expiresAt: number): string {
  return `${expiresAt}.${sessionId}.${mac(secret, userId, sessionId, expiresAt).toString('base64url')}`;
}

export type MemberVerification = { valid: true; expiresAt: number; sessionId: number } | Extract<GuestVerification, { valid: false }>;

/** The signature's own checks (form, MAC, expiry); whether its session is still active is the hub's. */
export function verifyMember(secret: string, userId: string, sig: string, now: Date): MemberVerification {
  const match = SIG_PATTERN.exec(sig);
  if (!MEMBER_ID_PATTERN.test(userId) || match === null) return { valid: false, reason: 'malformed' };
  const expiresAt = Number(match[1]);
  const sessionId = Number(match[2]);
  const given = Buffer.from(match[3] ?? '', 'base64url');
  if (!timingSafeEqual(given, mac(secret, userId, sessionId, expiresAt))) return { valid: false, reason: 'bad-signature' };
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt, sessionId };
}

export interface MemberSigner {
  /** A userSig for this member's session, valid CHAT_SIGNATURE_VALIDITY_SECONDS (7 days) while the session lasts. */
  issue(userId: number, sessionId: number): string;
  verify(userId: string, sig: string): MemberVerification;
}

export function createMemberSigner(secret: string, clock: Clock): MemberSigner {
  return {
    issue: (userId, sessionId) => signMember(secret, String(userId), sessionId, Math.floor(clock().getTime() / 1000) + CHAT_SIGNATURE_VALIDITY_SECONDS),
    verify: (userId, sig) => verifyMember(secret, userId, sig, clock()),
  };
}
