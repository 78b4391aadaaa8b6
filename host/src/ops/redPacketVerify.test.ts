import { describe, expect, it } from 'vitest';
import { checkRedPacketSplit, recomputeSplit, sha256Hex } from './redPacketVerify';

// The server's fixed vector (server/src/redPackets/redPacketSplit.test.ts): the same rule in the browser.
const ZERO_SEED = '00'.repeat(32);
const ZERO_HASH = '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55';

const shareList = (amounts: number[]) => amounts.map((amount, idx) => ({ idx, amount }));

describe('校验: a red packet split recomputed with WebCrypto', () => {
  it('gives the server’s hash and split for the fixed vector', async () => {
    expect(await sha256Hex(ZERO_SEED)).toBe(ZERO_HASH);
    expect(await recomputeSplit(ZERO_SEED, 100, 4)).toEqual([24, 29, 14, 33]);
  });

  it('sums exactly with every share at least 1, large packets too', async () => {
    const seed = 'ab'.repeat(32);
    for (const [total, shares] of [[1, 1], [5, 5], [6, 5], [1_000_000, 1_000]] as const) {
      const amounts = await recomputeSplit(seed, total, shares);
      expect(amounts).toHaveLength(shares);
      expect(amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 1)).toBe(true);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('一致 when the hash and every share agree', async () => {
    expect(await checkRedPacketSplit({ seed: ZERO_SEED, seed_hash: ZERO_HASH, total_coins: 100, shares: 4, share_list: shareList([24, 29, 14, 33]) })).toEqual({
      hashMatches: true,
      splitMatches: true,
      expected: [24, 29, 14, 33],
      mismatched: [],
    });
  });

  it('不一致: a share changed, a share missing, another hash', async () => {
    const changed = await checkRedPacketSplit({ seed: ZERO_SEED, seed_hash: ZERO_HASH, total_coins: 100, shares: 4, share_list: shareList([29, 24, 14, 33]) });
    expect(changed).toMatchObject({ hashMatches: true, splitMatches: false, mismatched: [0, 1] });
    const missing = await checkRedPacketSplit({ seed: ZERO_SEED, seed_hash: ZERO_HASH, total_coins: 100, shares: 4, share_list: shareList([24, 29, 14]) });
    expect(missing).toMatchObject({ splitMatches: false, mismatched: [3] });
    const otherHash = await checkRedPacketSplit({ seed: ZERO_SEED, seed_hash: 'f'.repeat(64), total_coins: 100, shares: 4, share_list: shareList([24, 29, 14, 33]) });
    expect(otherHash).toMatchObject({ hashMatches: false, splitMatches: true });
  });

  it('a packet that cannot be split does not match (no throw)', async () => {
    expect(await checkRedPacketSplit({ seed: ZERO_SEED, seed_hash: ZERO_HASH, total_coins: 3, shares: 4, share_list: [] })).toMatchObject({ hashMatches: true, splitMatches: false, expected: [] });
  });
});
