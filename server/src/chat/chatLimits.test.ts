import { describe, expect, it } from 'vitest';
import { MEMBER_RATE, RoomInboundCap, SenderRateLimiter } from './chatLimits';

describe('chat limits', () => {
  it('allows 3 messages in 2 s, then blocks for 10 s, then allows again', () => {
    const limiter = new SenderRateLimiter(MEMBER_RATE);
    for (const at of [0, 100, 200]) expect(limiter.take('u', at)).toEqual({ ok: true });
    expect(limiter.take('u', 300)).toEqual({ ok: false, retryAfterMs: 10_000 });
    expect(limiter.take('u', 5_000)).toEqual({ ok: false, retryAfterMs: 5_300 });
    expect(limiter.take('other', 5_000)).toEqual({ ok: true });
    expect(limiter.take('u', 10_300)).toEqual({ ok: true });
    // A steady 1 a second never trips it.
    for (let at = 20_000; at < 40_000; at += 1_000) expect(limiter.take('steady', at).ok).toBe(true);
    limiter.sweep(100_000);
    expect(limiter.size).toBe(0);
  });

  it('caps a room per second but always lets the anchor and admins through', () => {
    const cap = new RoomInboundCap(2);
    expect([cap.take('g', false, 0), cap.take('g', false, 10), cap.take('g', false, 20)]).toEqual([true, true, false]);
    expect(cap.take('g', true, 30)).toBe(true);
    expect(cap.take('h', false, 30)).toBe(true);
    expect(cap.take('g', false, 1_000)).toBe(true);
  });
});
