import type { MatchCentreDelta } from '@sports/shared/server';
import { nowMicros } from './scoreUpdate';

/** The match whose page the analytics run's clients watch. */
export const WATCHED_MATCH_ID = 100_001;

/**
 * A realistic match-centre delta (what the feed's pipeline publishes after a shot): the shot with
 * its xG, its point on the xG race, the minute's momentum bucket, the shooter's and the keeper's
 * rating changes (only the changed fields, as server/src/scores/matchCentre/centreDeltas.ts sends
 * them: ~0.75 KB of JSON), plus the send time the clients measure latency from (the last field).
 */
export function centreDelta(sequence: number): MatchCentreDelta & { sent_at: number } {
  const minute = 1 + (sequence % 90);
  return {
    match_id: WATCHED_MATCH_ID,
    sport: 'football',
    status: 'live',
    shots: [{ id: 5_000_000 + sequence, side: 'home', player_id: 1201, player_zh: '哈兰德', period: 2, minute, extra: 0, second: 31, x: 93.4, y: 30.1, xg: 0.214, outcome: 'saved', on_target: true, head: false, situation: 'open_play' }],
    xg_points: [{ shot_id: 5_000_000 + sequence, minute, extra: 0, second: 31, side: 'home', xg: 0.214, home_xg: 1.87, away_xg: 0.64, goal: false }],
    home_xg: 1.87,
    away_xg: 0.64,
    momentum: [{ minute, extra: 0, period: 2, home: 6.14, away: 1.5, value: 82.4 }],
    rating_changes: [
      { player_id: 1201, side: 'home', rating: 7.4, stats: { minutes: minute, shots: 2, shots_on_target: 1, xg: 0.31, touches: 33 } },
      { player_id: 1301, side: 'away', rating: 6.6, stats: { minutes: minute, saves: 3 } },
    ],
    sent_at: nowMicros(),
  };
}
