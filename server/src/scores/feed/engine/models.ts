/**
 * The numbers behind the demo feed, tuned to real averages: about 2.7 goals a football match
 * (home teams a little more), 3.8 yellow and 0.15 red cards, about 10 corners; basketball about
 * 220 points a 48-minute NBA game and 190 a 40-minute FIBA game.
 */

/** Expected goals over 90 minutes from the two ratings (home advantage included). */
export function footballGoalRates(homeRating: number, awayRating: number): { home: number; away: number } {
  const difference = (homeRating - awayRating) / 10;
  return { home: 1.4 * Math.exp(0.45 * difference), away: 1.12 * Math.exp(-0.45 * difference) };
}

/** Cards and corners per team per minute. */
export const FOOTBALL_RATES = {
  yellowPerMinute: 1.8 / 95,
  /** Straight reds; second yellows add to it. */
  redPerMinute: 0.06 / 95,
  secondYellowShare: 0.12,
  cornersPerMinute: 5 / 95,
  penaltyShare: 0.1,
  ownGoalShare: 0.03,
  /** A side down to ten scores less and concedes more. */
  redCardAttackFactor: 0.7,
  redCardDefenceFactor: 1.25,
} as const;

/** Expected points a team scores per game minute. */
export function basketballPointRate(ownRating: number, otherRating: number, periodMinutes: number): number {
  // FIBA games (10-minute periods) are slower than the NBA's.
  const base = periodMinutes >= 12 ? 2.3 : 2.35;
  return Math.max(1.2, base + 0.035 * (ownRating - otherRating));
}

/** Shares of basketball scoring plays by points (mean about 2.17 points a play). */
export const BASKETBALL_PLAY_POINTS: readonly { points: 1 | 2 | 3; weight: number }[] = [
  { points: 1, weight: 0.13 },
  { points: 2, weight: 0.57 },
  { points: 3, weight: 0.3 },
];
export const BASKETBALL_POINTS_PER_PLAY = BASKETBALL_PLAY_POINTS.reduce((sum, play) => sum + play.points * play.weight, 0);

export function poissonPmf(mean: number, maxCount: number): number[] {
  const pmf: number[] = [];
  let probability = Math.exp(-mean);
  for (let count = 0; count <= maxCount; count += 1) {
    pmf.push(probability);
    probability *= mean / (count + 1);
  }
  return pmf;
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26; error below 1e-7). */
export function normalCdf(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const x = Math.abs(value) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
  return 0.5 * (1 + sign * (1 - poly * Math.exp(-x * x)));
}
