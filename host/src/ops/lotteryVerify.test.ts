import { describe, expect, it } from 'vitest';
import { checkLotteryDraw, recomputeWinners } from './lotteryVerify';

// Computed with node:crypto by the server's rule (server/src/lotteries/lotteryDraw.ts): with this
// seed the tickets of 601..605 sort as 604, 602, 601, 603, 605.
const SEED = 'a'.repeat(64);
const SEED_HASH = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb';
const ENTRANTS = [601, 602, 603, 604, 605];
const entries = (ids: number[]) => ids.map((member_id) => ({ member_id }));

describe('校验: a lottery draw recomputed with WebCrypto', () => {
  it('draws the entrants with the smallest tickets, in ticket order, whatever order they entered in', async () => {
    expect(await recomputeWinners(SEED, ENTRANTS, 2)).toEqual([604, 602]);
    expect(await recomputeWinners(SEED, [...ENTRANTS].reverse(), 2)).toEqual([604, 602]);
    expect(await recomputeWinners(SEED, ENTRANTS, 10)).toEqual([604, 602, 601, 603, 605]);
    expect(await recomputeWinners(SEED, [], 3)).toEqual([]);
  });

  it('一致 when the hash and the winners agree (in any order); 不一致 otherwise', async () => {
    expect(await checkLotteryDraw({ seed: SEED, seed_hash: SEED_HASH, winners: 2, entry_list: entries(ENTRANTS), winner_ids: [602, 604] })).toEqual({ hashMatches: true, winnersMatch: true, expected: [604, 602] });
    expect(await checkLotteryDraw({ seed: SEED, seed_hash: SEED_HASH, winners: 2, entry_list: entries(ENTRANTS), winner_ids: [601, 604] })).toMatchObject({ hashMatches: true, winnersMatch: false });
    expect(await checkLotteryDraw({ seed: SEED, seed_hash: '0'.repeat(64), winners: 2, entry_list: entries(ENTRANTS), winner_ids: [602, 604] })).toMatchObject({ hashMatches: false, winnersMatch: true });
    expect(await checkLotteryDraw({ seed: SEED, seed_hash: SEED_HASH, winners: 2, entry_list: entries(ENTRANTS), winner_ids: [604] })).toMatchObject({ winnersMatch: false });
  });
});
