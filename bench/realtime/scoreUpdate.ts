import type { MatchRow } from '@sports/shared/server';

/**
 * A realistic score update: one football row as the `football_match` stream sends it (~520 bytes
 * of JSON), plus the send time the clients measure latency from (µs on the monotonic clock, which
 * both processes share on one machine).
 */
export function scoreUpdate(sequence: number): MatchRow & { sent_at: number } {
  return {
    match_id: 100_000 + (sequence % 12),
    sport: 'football',
    competition_id: 1,
    competition_short_zh: '英超',
    hot: true,
    round_zh: '第24轮',
    home_team_id: 11,
    away_team_id: 14,
    home_team_name_zh: '曼彻斯特城',
    away_team_name_zh: '阿森纳',
    kickoff_at: '2026-03-01T11:30:00.000Z',
    status: 'live',
    period: 2,
    minute: 46 + (sequence % 44),
    extra_minute: null,
    clock_seconds: null,
    match_str: `${46 + (sequence % 44)}'`,
    home_score: sequence % 3,
    away_score: sequence % 2,
    home_half_score: 1,
    away_half_score: 0,
    period_scores: [],
    home_red: 0,
    away_red: 0,
    home_yellow: 2,
    away_yellow: 1,
    home_corner: 5,
    away_corner: 3,
    sent_at: nowMicros(),
  };
}

/**
 * Microseconds since the epoch with sub-millisecond precision: both processes take their origin
 * from the same system clock, so the difference of two readings is a latency.
 */
export function nowMicros(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1_000);
}
