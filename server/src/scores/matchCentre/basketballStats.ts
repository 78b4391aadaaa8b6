import type { BasketballPlayerStats } from '@sports/shared/server';

export function emptyBasketballStats(): BasketballPlayerStats {
  return { seconds: 0, points: 0, fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0, plus_minus: 0 };
}
