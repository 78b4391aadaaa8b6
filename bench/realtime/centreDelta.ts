import type { MatchCentreDelta } from '@sports/shared/server';
import { nowMicros } from './scoreUpdate';

/** The match whose page the analytics run's clients watch. */
export const WATCHED_MATCH_ID = 100_001;

/**
 * A realistic match-centre delta (what the feed's pipeline publishes after a shot): the shot with
 * its xG, its point on the xG race, the minute's momentum bucket, two players' new ratings (~1.4 KB
 * of JSON), plus the send time the clients measure latency from (the last field).
 */
export function centreDelta(sequence: number): MatchCentreDelta & { sent_at: number } {
  const minute = 1 + (sequence % 90);
  const stats = (goals: number) => ({
    minutes: minute,
    goals,
    assists: 0,
    own_goals: 0,
    shots: 2,
    shots_on_target: 1,
    xg: 0.31,
    passes: 24,
    passes_completed: 20,
    key_passes: 1,
    touches: 33,
    tackles: 1,
    interceptions: 0,
    saves: 0,
    fouls: 1,
    yellow: 0,
    red: 0,
    goals_conceded: 0,
  });
  return {
    match_id: WATCHED_MATCH_ID,
    sport: 'football',
    status: 'live',
    shots: [{ id: 5_000_000 + sequence, side: 'home', player_id: 1201, player_zh: '哈兰德', period: 2, minute, extra: 0, second: 31, x: 93.4, y: 30.1, xg: 0.214, outcome: 'saved', on_target: true, head: false, situation: 'open_play' }],
    xg_points: [{ shot_id: 5_000_000 + sequence, minute, extra: 0, second: 31, side: 'home', xg: 0.214, home_xg: 1.87, away_xg: 0.64, goal: false }],
    home_xg: 1.87,
    away_xg: 0.64,
    momentum: [{ minute, extra: 0, period: 2, home: 6.14, away: 1.5, value: 82.4 }],
    ratings: [
      { player_id: 1201, side: 'home', name_zh: '哈兰德', shirt_number: 9, position: 'FW', rating: 7.4, stats: stats(1) },
      { player_id: 1301, side: 'away', name_zh: '拉亚', shirt_number: 22, position: 'GK', rating: 6.6, stats: stats(0) },
    ],
    sent_at: nowMicros(),
  };
}
