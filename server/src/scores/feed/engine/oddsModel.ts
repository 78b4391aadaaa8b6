import type { OddsMarketName, OddsQuote } from '@sports/shared/server';
import { normalCdf, poissonPmf } from './models';
import type { Rng } from './prng';

/**
 * Prices from the state of the game: fair probabilities from the expected goals (points) still to
 * come and the current score, then each company's margin and a little noise. So the odds move
 * with the game: a goal swings 1X2, the totals line follows the score, everything tightens as the
 * clock runs down.
 */
export interface OddsCompanyProfile {
  id: number;
  /** Overround: 0.06 = the implied probabilities add up to 106 %. */
  margin: number;
  /** Reprices every `interval` slots (minutes), shifted by `offset`, and after goals and reds. */
  interval: number;
  offset: number;
}

/** 澳门, 皇冠, Bet365 (the odds_company rows of migration 0004). */
export const ODDS_COMPANIES: readonly OddsCompanyProfile[] = [
  { id: 1, margin: 0.09, interval: 9, offset: 0 },
  { id: 3, margin: 0.05, interval: 5, offset: 2 },
  { id: 8, margin: 0.06, interval: 7, offset: 4 },
];

/** Smaller moves than this (and the same line) are not worth a new price: books move in steps. */
const PRICE_STEP = 0.02;

export type MarketQuotes = Record<OddsMarketName, OddsQuote>;

/** Fair probabilities before margins: the side of each market a price is for. */
export interface FairMarkets {
  europe: { home: number; draw: number | null; away: number };
  asia: { line: number; home: number };
  total: { line: number; over: number };
}

const MAX_GOALS = 12;

/** Football: `remaining*` are the expected goals still to come for each side. */
export function footballFair(homeScore: number, awayScore: number, remainingHome: number, remainingAway: number): FairMarkets {
  const home = poissonPmf(remainingHome, MAX_GOALS);
  const away = poissonPmf(remainingAway, MAX_GOALS);
  // Distribution of (home goals still to come - away goals still to come).
  const difference = new Map<number, number>();
  home.forEach((ph, h) => away.forEach((pa, a) => difference.set(h - a, (difference.get(h - a) ?? 0) + ph * pa)));
  const lead = homeScore - awayScore;
  let pHome = 0;
  let pDraw = 0;
  for (const [diff, probability] of difference) {
    if (lead + diff > 0) pHome += probability;
    else if (lead + diff === 0) pDraw += probability;
  }
  // Asian handicap in-play is on the goals still to come (the current score counts as 0-0).
  const asiaLine = -roundToQuarter(remainingHome - remainingAway);
  const asiaHome = quarterLineShare(asiaLine, (line) => coverShare(difference, (diff) => diff + line));
  // Over/under on the whole match: at least half a goal above what has been scored.
  const scored = homeScore + awayScore;
  const remainingTotal = poissonPmf(remainingHome + remainingAway, MAX_GOALS * 2);
  const totalLine = scored + Math.max(0.5, roundToQuarter(remainingHome + remainingAway));
  const totalDistribution = new Map(remainingTotal.map((probability, goals) => [goals, probability]));
  const over = quarterLineShare(totalLine, (line) => coverShare(totalDistribution, (goals) => scored + goals - line));
  return { europe: { home: pHome, draw: pDraw, away: Math.max(0, 1 - pHome - pDraw) }, asia: { line: asiaLine, home: asiaHome }, total: { line: totalLine, over } };
}

/** Basketball: full-game lines (US style), normal approximation of the final margin and total. */
export function basketballFair(homeScore: number, awayScore: number, remainingHome: number, remainingAway: number, remainingShare: number): FairMarkets {
  const marginMean = homeScore - awayScore + remainingHome - remainingAway;
  const spread = Math.max(1.5, 12 * Math.sqrt(remainingShare));
  const totalMean = homeScore + awayScore + remainingHome + remainingAway;
  const totalSpread = Math.max(1.5, 14 * Math.sqrt(remainingShare));
  const asiaLine = -(Math.floor(marginMean) + 0.5);
  const totalLine = Math.floor(totalMean) + 0.5;
  const pHome = normalCdf(marginMean / spread);
  return {
    europe: { home: pHome, draw: null, away: 1 - pHome },
    asia: { line: asiaLine, home: normalCdf((marginMean + asiaLine) / spread) },
    total: { line: totalLine, over: normalCdf((totalMean - totalLine) / totalSpread) },
  };
}

/**
 * A company's prices for the fair probabilities: its margin, its own lean on this match (`bias`,
 * about ±1.5 %, fixed per match) and a little noise per repricing; two decimals.
 */
export function quote(fair: FairMarkets, company: OddsCompanyProfile, rng: Rng, bias: number): MarketQuotes {
  const price = (probability: number) => {
    const noisy = (1 / (Math.max(probability, 0.001) * (1 + company.margin))) * bias * (1 + (rng.next() - 0.5) * 0.01);
    return Math.round(Math.min(41, Math.max(1.01, noisy)) * 100) / 100;
  };
  return {
    europe: {
      line: null,
      home: price(fair.europe.home),
      draw: fair.europe.draw === null ? null : price(fair.europe.draw),
      away: price(fair.europe.away),
    },
    asia: { line: fair.asia.line, home: price(fair.asia.home), draw: null, away: price(1 - fair.asia.home) },
    total: { line: fair.total.line, home: price(fair.total.over), draw: null, away: price(1 - fair.total.over) },
  };
}

/** A company's lean on a match, from its own generator. */
export function companyBias(rng: Rng): number {
  return 1 + (rng.next() - 0.5) * 0.03;
}

/** True when `next` is not a move worth showing after `previous`. */
export function sameQuote(previous: OddsQuote | undefined, next: OddsQuote): boolean {
  if (previous === undefined || previous.line !== next.line || (previous.draw === null) !== (next.draw === null)) return false;
  const close = (a: number, b: number) => Math.abs(a - b) < PRICE_STEP - 1e-9;
  return close(previous.home, next.home) && close(previous.away, next.away) && close(previous.draw ?? 0, next.draw ?? 0);
}

function roundToQuarter(value: number): number {
  return Math.round(value * 4) / 4;
}

/** Share of the stake that wins, pushes excluded (a push returns the stake). */
function coverShare(distribution: ReadonlyMap<number, number>, margin: (value: number) => number): number {
  let win = 0;
  let lose = 0;
  for (const [value, probability] of distribution) {
    const result = margin(value);
    if (result > 1e-9) win += probability;
    else if (result < -1e-9) lose += probability;
  }
  return win + lose === 0 ? 0.5 : win / (win + lose);
}

/** Quarter lines (x.25, x.75) split the stake over the two neighbouring half lines. */
function quarterLineShare(line: number, share: (line: number) => number): number {
  const quarter = Math.abs((line * 4) % 2) === 1;
  return quarter ? (share(line - 0.25) + share(line + 0.25)) / 2 : share(line);
}
