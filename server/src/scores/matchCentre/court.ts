import type { CourtKind } from '@sports/shared/server';

/**
 * Which rules a basketball competition plays by: the NBA's (12-minute quarters, 7.24 m threes,
 * six fouls) or FIBA's (10-minute quarters, 6.75 m threes, five fouls), as the demo's CBA and
 * EuroLeague do. Named by the competition (the competition table's name_zh).
 */
export function courtOf(competitionName: string): CourtKind {
  return competitionName === '美国职业篮球联赛' ? 'nba' : 'fiba';
}

export const PERIOD_MINUTES: Record<CourtKind, number> = { nba: 12, fiba: 10 };

/** Personal fouls that put a player out of the game. */
export const FOUL_OUT: Record<CourtKind, number> = { nba: 6, fiba: 5 };
