import type { ScoreSport } from '@sports/shared/server';
import { basketballPointRate, footballGoalRates } from '../engine/models';
import { sampleSeriesScore } from '../engine/seriesModel';
import type { Rng } from '../engine/prng';

/**
 * Final scores of games the feed did not simulate minute by minute: the early part of the season
 * (standings) and past meetings (intelligence). Same rates as the live simulation.
 */
export function sampleFinalScore(rng: Rng, sport: ScoreSport, homeRating: number, awayRating: number, periodMinutes = 12, bestOf = 3): [number, number] {
  if (sport === 'esports' || sport === 'general') return sampleSeriesScore(rng, homeRating, awayRating, bestOf);
  if (sport === 'football') {
    const rates = footballGoalRates(homeRating, awayRating);
    return [rng.poisson(rates.home), rng.poisson(rates.away)];
  }
  const minutes = periodMinutes * 4;
  const points = (own: number, other: number) => Math.round(basketballPointRate(own, other, periodMinutes) * minutes + gaussian(rng) * 11);
  let home = points(homeRating, awayRating);
  let away = points(awayRating, homeRating);
  // No draws in basketball: overtime decides, a few points more for the winner.
  if (home === away) {
    if (rng.chance(0.5)) home += rng.int(2, 9);
    else away += rng.int(2, 9);
  }
  return [Math.max(60, home), Math.max(60, away)];
}

function gaussian(rng: Rng): number {
  // Box-Muller; 1 - next() avoids log(0).
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

export function resultLetter(own: number, other: number): 'W' | 'D' | 'L' {
  if (own > other) return 'W';
  return own === other ? 'D' : 'L';
}
