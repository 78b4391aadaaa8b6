import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawWinners, lotteryTicket } from './lotteryDraw';

const SEED = 'a'.repeat(64);

describe('the lottery draw (README.md "Verifying a draw")', () => {
  it('a ticket is HMAC-SHA256(seed, "lottery-entry:" + id) in hex', () => {
    expect(lotteryTicket(SEED, 42)).toBe(createHmac('sha256', Buffer.from(SEED, 'utf8')).update('lottery-entry:42', 'utf8').digest('hex'));
  });

  it('the winners are the entrants with the smallest tickets, in ticket order, whatever order the entrants come in', () => {
    const ids = Array.from({ length: 50 }, (_, index) => index + 1);
    const expected = [...ids].sort((a, b) => (lotteryTicket(SEED, a) < lotteryTicket(SEED, b) ? -1 : 1)).slice(0, 5);
    expect(drawWinners(SEED, ids, 5)).toEqual(expected);
    expect(drawWinners(SEED, [...ids].reverse(), 5)).toEqual(expected);
    expect(new Set(drawWinners(SEED, ids, 5)).size).toBe(5);
  });

  it('fewer entrants than winners: all of them win; none: nobody', () => {
    expect(new Set(drawWinners(SEED, [7, 3], 5))).toEqual(new Set([7, 3]));
    expect(drawWinners(SEED, [], 3)).toEqual([]);
  });

  it('another seed draws another order', () => {
    const ids = Array.from({ length: 30 }, (_, index) => index + 100);
    expect(drawWinners('b'.repeat(64), ids, 10)).not.toEqual(drawWinners(SEED, ids, 10));
  });
});
