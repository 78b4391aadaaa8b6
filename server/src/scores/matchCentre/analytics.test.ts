import { describe, expect, it } from 'vitest';
import type { CentreAction } from './centreAction';
import { leadTracker } from './leadTracker';
import { chartGoals, momentumBuckets, pressureOf } from './momentum';
import { emptyFootballStats, footballRating } from './ratings';
import { PENALTY_XG, goalAngle, xgOf } from './xgModel';
import { xgTimeline } from './xgTimeline';

function action(fields: Partial<CentreAction> & Pick<CentreAction, 'kind' | 'side'>): CentreAction {
  return {
    id: 1,
    player_id: null,
    player_zh: '球员',
    period: 1,
    minute: 10,
    extra: 0,
    second: 0,
    clock_seconds: null,
    x: null,
    y: null,
    xg: null,
    outcome: null,
    head: false,
    situation: null,
    points: null,
    made: null,
    count: 1,
    home_score: 0,
    away_score: 0,
    card: null,
    player_in_id: null,
    player_in_zh: '',
    ...fields,
  };
}

describe('xG model', () => {
  it('matches the logistic formula worked by hand', () => {
    // From the penalty spot in open play: 11 m out, central. angle = atan(7.32 * 11 / (121 - 3.66^2))
    // = atan(80.52 / 107.6044) = atan(0.74829) = 0.64241 rad; logit = -1.1 + 1.6 * 0.64241 - 0.09 * 11
    // = -1.06214; xG = 1 / (1 + e^1.06214) = 1 / 3.8925 = 0.2569.
    expect(goalAngle(94, 34)).toBeCloseTo(0.64241, 4);
    expect(xgOf({ x: 94, y: 34, head: false, situation: 'open_play' })).toBe(0.257);
    // 25 m central: angle = atan(183 / (625 - 13.3956)) = 0.29070; logit = -1.1 + 0.46512 - 2.25 = -2.88488 -> 0.0529.
    expect(xgOf({ x: 80, y: 34, head: false, situation: 'open_play' })).toBe(0.053);
    // A header from the same 11 m: logit - 0.9 = -1.96214 -> 0.1232.
    expect(xgOf({ x: 94, y: 34, head: true, situation: 'open_play' })).toBe(0.123);
    expect(xgOf({ x: 94, y: 34, head: false, situation: 'penalty' })).toBe(PENALTY_XG);
    expect(xgOf({ x: 100, y: 34, head: false, situation: 'own_goal' })).toBe(0);
  });

  it('falls with distance and with the angle', () => {
    const near = xgOf({ x: 99, y: 34, head: false, situation: 'open_play' });
    const far = xgOf({ x: 85, y: 34, head: false, situation: 'open_play' });
    const wide = xgOf({ x: 99, y: 10, head: false, situation: 'open_play' });
    expect(near).toBeGreaterThan(far);
    expect(near).toBeGreaterThan(wide);
    expect(goalAngle(105, 10)).toBe(0);
  });
});

describe('momentum', () => {
  it('weights shots, xG, final-third entries, dangerous attacks and corners as documented', () => {
    // A saved shot of 0.2 xG: 2 + 1 + 10 * 0.2 = 5; a missed one of 0.05: 2 + 0.5 = 2.5.
    expect(pressureOf(action({ kind: 'shot', side: 'home', outcome: 'saved', xg: 0.2, situation: 'open_play' }))).toBeCloseTo(5);
    expect(pressureOf(action({ kind: 'shot', side: 'home', outcome: 'missed', xg: 0.05, situation: 'open_play' }))).toBeCloseTo(2.5);
    expect(pressureOf(action({ kind: 'final_third', side: 'home', count: 3 }))).toBe(1.5);
    expect(pressureOf(action({ kind: 'dangerous_attack', side: 'home', count: 2 }))).toBe(2);
    expect(pressureOf(action({ kind: 'corner', side: 'home' }))).toBe(1.5);
    expect(pressureOf(action({ kind: 'shot', side: 'home', outcome: 'goal', xg: 0, situation: 'own_goal' }))).toBe(0);
  });

  it('buckets each minute up to the clock, home positive, tanh-scaled', () => {
    const actions = [
      action({ kind: 'shot', side: 'home', minute: 2, outcome: 'goal', xg: 0.3, situation: 'open_play' }),
      action({ kind: 'corner', side: 'away', minute: 2 }),
      action({ kind: 'dangerous_attack', side: 'away', minute: 3, count: 2 }),
    ];
    const buckets = momentumBuckets(actions, { period: 1, minute: 4, extra: 0 });
    expect(buckets.map((bucket) => bucket.minute)).toEqual([1, 2, 3, 4]);
    // Minute 2: home 2 + 1 + 3 = 6, away 1.5: 100 * tanh(4.5 / 4) = 80.9.
    expect(buckets[1]).toEqual({ minute: 2, extra: 0, period: 1, home: 6, away: 1.5, value: 80.9 });
    // Minute 3: away 2: 100 * tanh(-0.5) = -46.2.
    expect(buckets[2]?.value).toBe(-46.2);
    expect(buckets[0]?.value).toBe(0);
    expect(chartGoals(actions)).toEqual([{ minute: 2, extra: 0, second: 0, side: 'home', player_zh: '球员', own_goal: false }]);
  });

  it('keeps first-half stoppage before the second half', () => {
    const buckets = momentumBuckets([action({ kind: 'corner', side: 'home', minute: 45, extra: 2 })], { period: 2, minute: 47, extra: 0 });
    const labels = buckets.map((bucket) => `${bucket.minute}+${bucket.extra}`);
    expect(labels.slice(44, 48)).toEqual(['45+0', '45+2', '46+0', '47+0']);
  });
});

describe('xG timeline', () => {
  it('adds up each side', () => {
    const timeline = xgTimeline([
      action({ id: 1, kind: 'shot', side: 'home', xg: 0.1, outcome: 'missed' }),
      action({ id: 2, kind: 'corner', side: 'home' }),
      action({ id: 3, kind: 'shot', side: 'away', xg: 0.76, outcome: 'goal' }),
      action({ id: 4, kind: 'shot', side: 'home', xg: 0.25, outcome: 'goal' }),
    ]);
    expect(timeline.points.map((point) => [point.shot_id, point.home_xg, point.away_xg, point.goal])).toEqual([
      [1, 0.1, 0, false],
      [3, 0.1, 0.76, true],
      [4, 0.35, 0.76, true],
    ]);
    expect([timeline.home_xg, timeline.away_xg]).toEqual([0.35, 0.76]);
  });
});

describe('ratings', () => {
  it('starts at 6.0 and moves by the documented weights', () => {
    const stats = emptyFootballStats();
    expect(footballRating(stats, 'FW', true)).toBe(6);
    expect(footballRating(stats, 'FW', false)).toBeNull();
    // A goal (on target) from 0.4 xG and 20 passes, 18 completed: 6 + 1 + 0.2 + 0.09 + 2 * (0.9 - 0.8) = 7.49 -> 7.5.
    expect(footballRating({ ...stats, goals: 1, shots: 1, shots_on_target: 1, xg: 0.4, passes: 20, passes_completed: 18 }, 'FW', true)).toBe(7.5);
    // 100 touches: +0.2.
    expect(footballRating({ ...stats, touches: 100 }, 'MF', true)).toBe(6.2);
    // A goalkeeper: 3 saves, 2 conceded: 6 + 0.9 - 1.0 = 5.9.
    expect(footballRating({ ...stats, saves: 3, goals_conceded: 2 }, 'GK', true)).toBe(5.9);
    // A red card and an own goal: 6 - 1.5 - 1 = 3.5.
    expect(footballRating({ ...stats, red: 1, own_goals: 1 }, 'DF', true)).toBe(3.5);
    expect(footballRating({ ...stats, goals: 5, assists: 3 }, 'FW', true)).toBe(10);
  });
});

describe('lead tracker', () => {
  const play = (side: 'home' | 'away', points: number, home: number, away: number, period: number, clock: number) =>
    action({ kind: points === 1 ? 'free_throw' : 'field_goal', side, points, made: true, home_score: home, away_score: away, period, clock_seconds: clock, minute: 0 });

  it('tracks the lead, its changes, ties and runs', () => {
    const plays = [
      play('home', 2, 2, 0, 1, 700),
      play('away', 3, 2, 3, 1, 650),
      play('home', 1, 3, 3, 1, 600),
      play('home', 3, 6, 3, 1, 500),
      play('home', 2, 8, 3, 1, 400),
      play('home', 2, 10, 3, 2, 700),
      play('away', 2, 10, 5, 2, 690),
    ];
    const summary = leadTracker([...plays, action({ kind: 'field_goal', side: 'away', points: 3, made: false })], 12);
    expect(summary.points.map((point) => point.lead)).toEqual([2, -1, 0, 3, 5, 7, 5]);
    // 12-minute periods: period 2 starts at 720 s; 700 left -> 740 s in.
    expect(summary.points[5]?.elapsed_seconds).toBe(740);
    expect(summary.points[0]?.elapsed_seconds).toBe(20);
    expect(summary.largest_lead).toEqual({ home: 7, away: 1 });
    // home -> away, then (after the tie) away -> home.
    expect(summary.lead_changes).toBe(2);
    expect(summary.ties).toBe(1);
    // The home side's 1 + 3 + 2 + 2 = 8 unanswered from 3-3... counting from the free throw at 2-3.
    expect(summary.runs).toEqual([{ side: 'home', points: 8, conceded: 0, from_elapsed: 120, to_elapsed: 740, from_period: 1, to_period: 2 }]);
  });
});
