import type { Rng } from './prng';

/**
 * The numbers behind best-of series (esports, snooker), tuned to real averages: a League of
 * Legends game lasts about 32 minutes (25-40) with about 26 kills, the stronger team winning
 * about 70 % of games at a 10-point rating gap; a snooker frame lasts about 15-30 minutes and is
 * won by about 60-100 points to 0-60 (both together rarely above 140; 147 is a maximum break, the
 * opponent then scoring nothing).
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

/** An esports game's length in simulated minutes (a snooker frame's comes with its plan). */
export function gameMinutes(rng: Rng): number {
  return rng.int(25, 40);
}

/** Esports kills a minute for the game's winner and loser. */
export const ESPORTS_KILLS_PER_MINUTE = { winner: 0.5, loser: 0.32 } as const;

/** The most points one player can score in a frame without fouls: fifteen reds with blacks and the colours. */
export const SNOOKER_MAX_BREAK = 147;

/** One visit to the table: who scored and how many points (a break). */
export interface SnookerVisit {
  side: 'winner' | 'loser';
  points: number;
}

/** A snooker frame planned whole: its visits in order (the winner's last), the totals, its length. */
export interface SnookerFrame {
  visits: SnookerVisit[];
  winner: number;
  loser: number;
  minutes: number;
}

/**
 * A frame: now and then a maximum (147-0) or a century; mostly a winner on 55-105 and a loser
 * below both the winner and what the table has left (winner + loser ≤ 147). Points come in
 * visits of 1-35 with at most one big break each; the winner's last visit ends the frame.
 */
export function snookerFrame(rng: Rng): SnookerFrame {
  const roll = rng.next();
  if (roll < 0.004) return { visits: [{ side: 'winner', points: SNOOKER_MAX_BREAK }], winner: SNOOKER_MAX_BREAK, loser: 0, minutes: rng.int(10, 16) };
  let winnerBreak = 0;
  let winner: number;
  if (roll < 0.14) {
    winnerBreak = rng.int(100, 140);
    winner = Math.min(SNOOKER_MAX_BREAK, winnerBreak + (rng.chance(0.5) ? rng.int(0, 20) : 0));
  } else {
    winner = rng.int(55, 105);
    if (rng.chance(0.35)) winnerBreak = rng.int(50, Math.min(99, winner));
  }
  const loserCap = Math.min(winner - 1, SNOOKER_MAX_BREAK - winner, 75);
  const loser = loserCap <= 0 ? 0 : Math.min(loserCap, Math.round(rng.next() * rng.next() * loserCap * 1.6));
  const loserBreak = loser >= 50 && rng.chance(0.4) ? rng.int(40, loser) : 0;
  const split = (total: number, big: number): number[] => {
    const parts = big > 0 ? [big] : [];
    let left = total - big;
    while (left > 0) {
      const part = Math.min(left, rng.int(1, 35));
      parts.push(part);
      left -= part;
    }
    return parts;
  };
  const winnerVisits = rng.shuffle(split(winner, winnerBreak)).map((points): SnookerVisit => ({ side: 'winner', points }));
  const last = winnerVisits.pop();
  const visits = rng.shuffle([...winnerVisits, ...split(loser, loserBreak).map((points): SnookerVisit => ({ side: 'loser', points }))]);
  if (last !== undefined) visits.push(last);
  return { visits, winner, loser, minutes: Math.max(10, Math.min(40, Math.round((winner + loser) / 6) + rng.int(0, 10))) };
}

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
