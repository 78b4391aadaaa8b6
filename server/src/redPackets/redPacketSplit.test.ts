import { describe, expect, it } from 'vitest';
import { newSeed, seedHash, splitPacket } from './redPacketSplit';

describe('red packet split: derived from the seed, exact, verifiable', () => {
  it('gives every share at least 1 coin and sums exactly, for small and large packets', () => {
    for (const [total, shares] of [[1, 1], [5, 5], [6, 5], [100, 7], [1_000_000, 1_000], [10_000_000, 2_000]] as const) {
      const amounts = splitPacket(newSeed(), total, shares);
      expect(amounts).toHaveLength(shares);
      expect(amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 1)).toBe(true);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('is the same split from the same seed (anyone can recompute it) and another from another', () => {
    const seed = newSeed();
    expect(splitPacket(seed, 1_000, 10)).toEqual(splitPacket(seed, 1_000, 10));
    expect(splitPacket(newSeed(), 1_000, 10)).not.toEqual(splitPacket(seed, 1_000, 10));
    expect(seedHash(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHash(seed)).toBe(seedHash(seed));
  });

  it('matches a fixed vector (the algorithm documented in README.md does not drift)', () => {
    const seed = '00'.repeat(32);
    expect(seedHash(seed)).toBe('60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55');
    const amounts = splitPacket(seed, 100, 4);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(amounts).toMatchInlineSnapshot(`
      [
        24,
        29,
        14,
        33,
      ]
    `);
  });

  it('refuses impossible splits', () => {
    expect(() => splitPacket(newSeed(), 3, 4)).toThrow();
    expect(() => splitPacket(newSeed(), 10, 0)).toThrow();
    expect(() => splitPacket(newSeed(), 1.5, 1)).toThrow();
  });
});
