import type { Rng } from './prng';

/**
 * The numbers behind best-of series (esports, snooker), tuned to real averages: a League of
 * Legends game lasts about 32 minutes (25-40) with about 26 kills, the stronger team winning
 * about 70 % of games at a 10-point rating gap; a snooker frame lasts about 22 minutes and is
 * won by about 70-90 points to 10-60.
 */
export type SeriesKind = 'esports' | 'general';

/** The chance the home side wins one game (map, frame). */
export function gameWinChance(homeRating: number, awayRating: number): number {
  return 1 / (1 + Math.exp(-(homeRating - awayRating) / 12));
}

/** Games needed to win a best-of-`bestOf` series. */
export function gamesToWin(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/** A game's length in simulated minutes. */
export function gameMinutes(kind: SeriesKind, rng: Rng): number {
  return kind === 'esports' ? rng.int(25, 40) : rng.int(14, 30);
}

/** Esports kills a minute for the game's winner and loser. */
export const ESPORTS_KILLS_PER_MINUTE = { winner: 0.5, loser: 0.32 } as const;

/** Snooker points a minute for the frame's winner and loser (the winner's total lands near 70-100). */
export const SNOOKER_POINTS_PER_MINUTE = { winner: 3.6, loser: 1.4 } as const;

/** The series score (games won) of a best-of played out game by game. */
export function sampleSeriesScore(rng: Rng, homeRating: number, awayRating: number, bestOf: number): [number, number] {
  const needed = gamesToWin(bestOf);
  const chance = gameWinChance(homeRating, awayRating);
  let home = 0;
  let away = 0;
  while (home < needed && away < needed) {
    if (rng.chance(chance)) home += 1;
    else away += 1;
  }
  return [home, away];
}
