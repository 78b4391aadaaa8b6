import { describe, expect, it } from 'vitest';
import { applyDeltaToBoxScore, applyDeltaToLeadTracker, applyDeltaToLineups, applyDeltaToMomentum, applyDeltaToRatings, applyDeltaToShotMap } from './matchCentreDelta';
import type { BasketballBoxScore, BasketballLeadTracker, FootballLineups, FootballMomentum, FootballPlayerRatings, FootballShot, FootballShotMap, MatchCentreDelta } from './types';

const shot = (id: number, minute: number, fields: Partial<FootballShot> = {}): FootballShot => ({
  id,
  side: 'home',
  player_id: 1,
  player_zh: '球员',
  period: 1,
  minute,
  extra: 0,
  second: 0,
  x: 94,
  y: 34,
  xg: 0.2,
  outcome: 'missed',
  on_target: false,
  head: false,
  situation: 'open_play',
  ...fields,
});

describe('applying match_centre deltas', () => {
  it('adds a shot once however often the delta comes, in match order', () => {
    const doc: FootballShotMap = { match_id: 5, status: 'live', shots: [shot(1, 10)], home_xg: 0.2, away_xg: 0, xg_timeline: [] };
    const delta: MatchCentreDelta = {
      match_id: 5,
      sport: 'football',
      status: 'live',
      shots: [shot(3, 20, { outcome: 'goal', on_target: true }), shot(2, 15)],
      xg_points: [{ shot_id: 3, minute: 20, extra: 0, second: 0, side: 'home', xg: 0.2, home_xg: 0.6, away_xg: 0, goal: true }],
      home_xg: 0.6,
    };
    const once = applyDeltaToShotMap(doc, delta);
    expect(once.shots.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(applyDeltaToShotMap(once, delta)).toEqual(once);
    expect(once.home_xg).toBe(0.6);
    // Another match's delta changes nothing.
    expect(applyDeltaToShotMap(doc, { ...delta, match_id: 6 })).toBe(doc);
  });

  it('replaces momentum buckets and ratings by key, the best player first', () => {
    const momentum: FootballMomentum = { match_id: 5, status: 'live', buckets: [{ minute: 1, extra: 0, period: 1, home: 0, away: 0, value: 0 }], goals: [] };
    const bucket = { minute: 1, extra: 0, period: 1, home: 3, away: 0, value: 63.5 };
    expect(applyDeltaToMomentum(momentum, { match_id: 5, sport: 'football', status: 'live', momentum: [bucket] }).buckets).toEqual([bucket]);
    const stats = { minutes: 1, goals: 0, assists: 0, own_goals: 0, shots: 0, shots_on_target: 0, xg: 0, passes: 0, passes_completed: 0, key_passes: 0, touches: 0, tackles: 0, interceptions: 0, saves: 0, fouls: 0, yellow: 0, red: 0, goals_conceded: 0 };
    const player = (player_id: number, rating: number) => ({ player_id, side: 'home' as const, name_zh: `p${player_id}`, shirt_number: player_id, position: 'FW', rating, stats });
    const ratings: FootballPlayerRatings = { match_id: 5, status: 'live', players: [player(1, 6.4), player(2, 6.0)], best_player_id: 1 };
    const after = applyDeltaToRatings(ratings, { match_id: 5, sport: 'football', status: 'live', ratings: [player(2, 7.1)] });
    expect(after.players.map((entry) => [entry.player_id, entry.rating])).toEqual([
      [2, 7.1],
      [1, 6.4],
    ]);
    expect(after.best_player_id).toBe(2);
  });

  it('applies rating changes (only the changed fields) by player, twice the same as once, to the ratings and the lineups', () => {
    const stats = { minutes: 10, goals: 0, assists: 0, own_goals: 0, shots: 0, shots_on_target: 0, xg: 0, passes: 4, passes_completed: 3, key_passes: 0, touches: 6, tackles: 0, interceptions: 0, saves: 0, fouls: 0, yellow: 0, red: 0, goals_conceded: 0 };
    const player = (player_id: number, rating: number) => ({ player_id, side: 'home' as const, name_zh: `p${player_id}`, shirt_number: player_id, position: 'FW', rating, stats });
    const ratings: FootballPlayerRatings = { match_id: 5, status: 'live', players: [player(1, 6.4), player(2, 6.0)], best_player_id: 1 };
    const delta: MatchCentreDelta = { match_id: 5, sport: 'football', status: 'live', rating_changes: [{ player_id: 2, side: 'home', rating: 7.3, stats: { goals: 1, minutes: 15 } }, { player_id: 9, side: 'home', stats: { minutes: 3 } }] };
    const once = applyDeltaToRatings(ratings, delta);
    expect(once.players.map((entry) => [entry.player_id, entry.rating])).toEqual([
      [2, 7.3],
      [1, 6.4],
    ]);
    expect(once.players[0]?.stats).toEqual({ ...stats, goals: 1, minutes: 15 });
    expect(once.best_player_id).toBe(2);
    expect(applyDeltaToRatings(once, delta)).toEqual(once);
    const lineupPlayer = (player_id: number) => ({ ...player(player_id, 6.0), slot_x: 50, slot_y: 50, starter: true, on_minute: null, off_minute: null });
    const team = { side: 'home' as const, team_id: 1, team_name_zh: '主队', formation: '4-4-2', starters: [lineupPlayer(1), lineupPlayer(2)], substitutes: [], substitutions_made: 0 };
    const lineups: FootballLineups = { match_id: 5, status: 'live', home: team, away: { ...team, side: 'away', starters: [] } };
    const moved = applyDeltaToLineups(lineups, delta);
    expect(moved.home.starters[1]?.rating).toBe(7.3);
    expect(moved.home.starters[1]?.stats.goals).toBe(1);
    expect(moved.home.starters[0]).toBe(lineups.home.starters[0]);
    expect(applyDeltaToLineups(moved, delta)).toEqual(moved);
    // Cards, substitutions and fouls: by id, in match order, once.
    const event = (id: number, minute: number, second: number) => ({ id, kind: 'foul' as const, side: 'home' as const, player_id: 1, player_zh: 'p1', player_in_id: null, player_in_zh: '', card: null, period: 1, minute, extra: 0, second, x: 40, y: 20 });
    const withEvents = applyDeltaToLineups(moved, { match_id: 5, sport: 'football', status: 'live', events: [event(8, 12, 40), event(7, 12, 5)] });
    expect(withEvents.events?.map((entry) => entry.id)).toEqual([7, 8]);
    const later = { match_id: 5, sport: 'football' as const, status: 'live' as const, events: [event(9, 3, 0), event(8, 12, 40)] };
    expect(applyDeltaToLineups(withEvents, later).events?.map((entry) => entry.id)).toEqual([9, 7, 8]);
    expect(applyDeltaToLineups(applyDeltaToLineups(withEvents, later), later)).toEqual(applyDeltaToLineups(withEvents, later));
  });

  it('keeps box-score totals the sum of the lines and the lead tracker in time order', () => {
    const line = (points: number) => ({ seconds: 60, points, fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0, plus_minus: 0 });
    const boxPlayer = (player_id: number, points: number) => ({ player_id, name_zh: 'x', shirt_number: player_id, position: 'G', starter: true, on_court: true, fouled_out: false, stats: line(points) });
    const team = { side: 'home' as const, team_id: 1, team_name_zh: '主队', players: [boxPlayer(1, 2), boxPlayer(2, 0)], totals: line(2) };
    const box: BasketballBoxScore = { match_id: 9, status: 'live', period_scores: [[2, 0]], home: team, away: { ...team, side: 'away', players: [], totals: line(0) } };
    const next = applyDeltaToBoxScore(box, { match_id: 9, sport: 'basketball', status: 'live', box: [{ side: 'home', player: boxPlayer(2, 3) }], period_scores: [[5, 0]] });
    expect(next.home.totals.points).toBe(5);
    expect(next.home.totals.seconds).toBe(120);
    expect(next.period_scores).toEqual([[5, 0]]);
    const lead: BasketballLeadTracker = { match_id: 9, status: 'live', game_seconds: 30, points: [{ period: 1, clock_seconds: 690, elapsed_seconds: 30, home_score: 2, away_score: 0, lead: 2 }], largest_lead: { home: 2, away: 0 }, lead_changes: 0, ties: 0, runs: [] };
    const point = { period: 1, clock_seconds: 650, elapsed_seconds: 70, home_score: 5, away_score: 0, lead: 5 };
    const grown = applyDeltaToLeadTracker(lead, { match_id: 9, sport: 'basketball', status: 'live', lead_points: [point], largest_lead: { home: 5, away: 0 } });
    expect(grown.points.map((entry) => entry.lead)).toEqual([2, 5]);
    expect(applyDeltaToLeadTracker(grown, { match_id: 9, sport: 'basketball', status: 'live', lead_points: [point] }).points).toHaveLength(2);
    expect(grown.game_seconds).toBe(70);
  });

  it('applies box-score changes (only the changed fields) by player, twice the same as once, the totals following', () => {
    const line = (points: number) => ({ seconds: 60, points, fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0, plus_minus: 0 });
    const boxPlayer = (player_id: number, points: number) => ({ player_id, name_zh: `p${player_id}`, shirt_number: player_id, position: 'G', starter: true, on_court: true, fouled_out: false, stats: line(points) });
    const team = { side: 'home' as const, team_id: 1, team_name_zh: '主队', players: [boxPlayer(1, 2), boxPlayer(2, 0)], totals: line(2) };
    const box: BasketballBoxScore = { match_id: 9, status: 'live', period_scores: [[2, 0]], home: team, away: { ...team, team_id: 2, side: 'away', players: [boxPlayer(3, 0)], totals: line(0) } };
    const delta: MatchCentreDelta = {
      match_id: 9,
      sport: 'basketball',
      status: 'live',
      box_changes: [
        { player_id: 2, side: 'home', stats: { points: 3, tpm: 1, tpa: 1, fgm: 1, fga: 1, seconds: 90 } },
        { player_id: 1, side: 'home', on_court: false },
        // A change for a player of the other side's document is not applied to this one.
        { player_id: 3, side: 'away', fouled_out: true, stats: { fouls: 5 } },
      ],
    };
    const once = applyDeltaToBoxScore(box, delta);
    expect(once.home.players.find((entry) => entry.player_id === 2)?.stats).toEqual({ ...line(3), tpm: 1, tpa: 1, fgm: 1, fga: 1, seconds: 90 });
    expect(once.home.players.find((entry) => entry.player_id === 1)).toEqual({ ...boxPlayer(1, 2), on_court: false });
    expect(once.away.players[0]).toMatchObject({ fouled_out: true, stats: { fouls: 5, points: 0 } });
    expect(once.home.totals.points).toBe(5);
    expect(once.home.totals.seconds).toBe(150);
    expect(applyDeltaToBoxScore(once, delta)).toEqual(once);
    // A change of a player the document does not hold yet adds nothing (his whole line comes in `box`).
    expect(applyDeltaToBoxScore(box, { ...delta, box_changes: [{ player_id: 99, side: 'home', stats: { points: 2 } }] }).home.players).toHaveLength(2);
  });
});
