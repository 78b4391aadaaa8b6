import { describe, expect, it } from 'vitest';
import { checkPushSignature, pushSignature } from './pushSignature';

const SECRET = 'a-test-secret-of-some-length';
const NOW = 1_800_000_000;

describe('push signatures', () => {
  const valid = pushSignature(SECRET, 'room7', NOW + 3600, 3);

  it('accepts the signature made for the stream, version and expiry', () => {
    expect(valid).toMatch(/^1800003600-[0-9a-f]{64}$/);
    expect(checkPushSignature(SECRET, 'room7', valid, 3, NOW)).toEqual({ ok: true, expiresAt: NOW + 3600 });
  });

  it('names why a key is refused', () => {
    expect(checkPushSignature(SECRET, 'room7', undefined, 3, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(checkPushSignature(SECRET, 'room7', '', 3, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(checkPushSignature(SECRET, 'room7', 'abc', 3, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkPushSignature(SECRET, 'room7', `${valid}x`, 3, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkPushSignature(SECRET, 'room7', valid, 3, NOW + 3600)).toEqual({ ok: false, reason: 'expired' });
    expect(checkPushSignature(SECRET, 'room7', valid, 4, NOW)).toEqual({ ok: false, reason: 'rotated' });
    expect(checkPushSignature(SECRET, 'room8', valid, 3, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(checkPushSignature('another-secret-entirely', 'room7', valid, 3, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('does not let a changed expiry keep the signature', () => {
    const [, mac] = valid.split('-');
    expect(checkPushSignature(SECRET, 'room7', `${NOW + 999_999}-${mac}`, 3, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});
