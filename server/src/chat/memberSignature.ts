import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_SIGNATURE_VALIDITY_SECONDS } from '@sports/shared/server';
import type { Clock } from '../clock';
import type { GuestVerification } from './guestSignature';

/**
 * Members' userSig for the built-in chat (what Tencent's UserSig is for its IM): the server signs
 * the user id + expiry with the chat secret (the guests' secret, another domain string, so a guest
 * signature is never a member one). Format: `<expiry unix seconds>.<base64url HMAC-SHA-256>`.
 */
const MEMBER_ID_PATTERN = /^[1-9][0-9]{0,15}$/;
const SIG_PATTERN = /^([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, userId: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`member-chat-v1\n${userId}\n${expiresAt}`).digest();
}

export function signMember(secret: string, userId: string, expiresAt: number): string {
  return `${expiresAt}.${mac(secret, userId, expiresAt).toString('base64url')}`;
}

export function verifyMember(secret: string, userId: string, sig: string, now: Date): GuestVerification {
  const match = SIG_PATTERN.exec(sig);
  if (!MEMBER_ID_PATTERN.test(userId) || match === null) return { valid: false, reason: 'malformed' };
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  if (!timingSafeEqual(given, mac(secret, userId, expiresAt))) return { valid: false, reason: 'bad-signature' };
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}

export interface MemberSigner {
  /** A userSig for this member, valid CHAT_SIGNATURE_VALIDITY_SECONDS (7 days). */
  issue(userId: number): string;
  verify(userId: string, sig: string): GuestVerification;
}

export function createMemberSigner(secret: string, clock: Clock): MemberSigner {
  return {
    issue: (userId) => signMember(secret, String(userId), Math.floor(clock().getTime() / 1000) + CHAT_SIGNATURE_VALIDITY_SECONDS),
    verify: (userId, sig) => verifyMember(secret, userId, sig, clock()),
  };
}
