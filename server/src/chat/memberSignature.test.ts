import { CHAT_SIGNATURE_VALIDITY_SECONDS } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../infra/clock';
import { signGuest } from './guestSignature';
import { createMemberSigner, verifyMember } from './memberSignature';

const SECRET = 'member-secret-long-enough-for-tests';

describe('member chat signatures (built-in chat userSig)', () => {
  it('verify for 7 days for that user only, naming the session they were issued in', () => {
    const clock = createManualClock(new Date('2026-11-01T00:00:00Z'));
    const signer = createMemberSigner(SECRET, clock);
    const sig = signer.issue(42, 7001);
    expect(signer.verify('42', sig)).toEqual({ valid: true, sessionId: 7001, expiresAt: Date.parse('2026-11-01T00:00:00Z') / 1000 + CHAT_SIGNATURE_VALIDITY_SECONDS });
    // Another session id in the signature does not verify.
    expect(signer.verify('42', sig.replace('.7001.', '.7002.'))).toEqual({ valid: false, reason: 'bad-signature' });
    expect(signer.verify('43', sig)).toEqual({ valid: false, reason: 'bad-signature' });
    expect(signer.verify('guest_0123456789abcdef', sig)).toEqual({ valid: false, reason: 'malformed' });
    clock.advance(CHAT_SIGNATURE_VALIDITY_SECONDS * 1000);
    expect(signer.verify('42', sig)).toEqual({ valid: false, reason: 'expired' });
  });

  it('are not interchangeable with guest signatures', () => {
    const expiry = Math.floor(Date.now() / 1000) + 100;
    expect(verifyMember(SECRET, '42', signGuest(SECRET, '42', expiry), new Date()).valid).toBe(false);
  });
});
