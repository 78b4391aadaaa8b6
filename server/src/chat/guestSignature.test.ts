import { CHAT_SIGNATURE_VALIDITY_SECONDS } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../infra/clock';
import { createGuestSigner, signGuest, verifyGuest } from './guestSignature';

const SECRET = 'test-secret-that-is-long-enough';

describe('guest chat signatures', () => {
  it('issues guest_<random> ids whose signature verifies, valid for 7 days', () => {
    const clock = createManualClock(new Date('2026-11-01T00:00:00Z'));
    const signer = createGuestSigner(SECRET, clock);
    const account = signer.issue();
    expect(account.id).toMatch(/^guest_[0-9a-f]{16}$/);
    expect(signer.issue().id).not.toBe(account.id);
    const result = signer.verify(account.id, account.sig);
    expect(result).toEqual({ valid: true, expiresAt: Date.parse('2026-11-01T00:00:00Z') / 1000 + CHAT_SIGNATURE_VALIDITY_SECONDS });
    expect(account.sig.startsWith(`${CHAT_SIGNATURE_VALIDITY_SECONDS + Date.parse('2026-11-01T00:00:00Z') / 1000}.`)).toBe(true);

    clock.advance(CHAT_SIGNATURE_VALIDITY_SECONDS * 1000 - 1000);
    expect(signer.verify(account.id, account.sig).valid).toBe(true);
    clock.advance(1000);
    expect(signer.verify(account.id, account.sig)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses tampered ids, expiries, signatures and another secret', () => {
    const now = new Date();
    const id = 'guest_0123456789abcdef';
    const expiry = Math.floor(now.getTime() / 1000) + 100;
    const sig = signGuest(SECRET, id, expiry);
    expect(verifyGuest(SECRET, id, sig, now).valid).toBe(true);
    expect(verifyGuest(SECRET, 'guest_0123456789abcdee', sig, now)).toEqual({ valid: false, reason: 'bad-signature' });
    expect(verifyGuest(SECRET, id, sig.replace(`${expiry}.`, `${expiry + 10_000}.`), now)).toEqual({ valid: false, reason: 'bad-signature' });
    const last = sig.at(-2) === 'A' ? 'B' : 'A';
    expect(verifyGuest(SECRET, id, `${sig.slice(0, -2)}${last}${sig.at(-1)}`, now).valid).toBe(false);
    expect(verifyGuest('another-secret', id, sig, now)).toEqual({ valid: false, reason: 'bad-signature' });
    expect(verifyGuest(SECRET, 'user_1', sig, now)).toEqual({ valid: false, reason: 'malformed' });
    expect(verifyGuest(SECRET, id, 'nonsense', now)).toEqual({ valid: false, reason: 'malformed' });
    expect(verifyGuest(SECRET, id, '', now)).toEqual({ valid: false, reason: 'malformed' });
  });
});
