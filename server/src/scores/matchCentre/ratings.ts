import type { FootballPlayerStats } from '@sports/shared/server';

/**
 * The live player rating (0-10, one decimal): everyone starts at 6.0 when he steps on the pitch,
 * and each thing in his line moves it (computed again whenever his line changes, never per viewer):
 *
 * | what | per | change |
 * | --- | --- | --- |
 * | goal | each | +1.0 |
 * | assist | each | +0.7 |
 * | shot on target (not scored) | each | +0.15 |
 * | shot off target | each | -0.05 |
 * | expected goals | 1.0 xG | +0.5 |
 * | key pass | each | +0.15 |
 * | completed pass | each | +0.005 |
 * | pass accuracy (10+ passes) | above / below 80 % | +/-2 x the difference (0.9 -> +0.2) |
 * | touch | each | +0.002 |
 * | tackle, interception | each | +0.15, +0.12 |
 * | save (goalkeeper) | each | +0.3 |
 * | goal conceded while on | each | GK -0.5, DF -0.3, others -0.1 |
 * | foul | each | -0.1 |
 * | yellow, red | each | -0.3, -1.5 |
 * | own goal | each | -1.0 |
 *
 * Clamped to 0.0..10.0. Null until he has played a minute (centreStore.ts: a lineup out before
 * kick-off shows no ratings).
 */
export const RATING_WEIGHTS = {
  base: 6,
  goal: 1,
  assist: 0.7,
  shotOnTarget: 0.15,
  shotOffTarget: -0.05,
  xg: 0.5,
  keyPass: 0.15,
  completedPass: 0.005,
  passAccuracyPivot: 0.8,
  passAccuracyFactor: 2,
  passAccuracyMinPasses: 10,
  touch: 0.002,
  tackle: 0.15,
  interception: 0.12,
  save: 0.3,
  concededGk: -0.5,
  concededDf: -0.3,
  concededOther: -0.1,
  foul: -0.1,
  yellow: -0.3,
  red: -1.5,
  ownGoal: -1,
} as const;

export function footballRating(stats: FootballPlayerStats, position: string, played: boolean): number | null {
  if (!played) return null;
  const w = RATING_WEIGHTS;
  const onTargetNotScored = Math.max(0, stats.shots_on_target - stats.goals);
  const offTarget = Math.max(0, stats.shots - stats.shots_on_target);
  let rating =
    w.base +
    w.goal * stats.goals +
    w.assist * stats.assists +
    w.shotOnTarget * onTargetNotScored +
    w.shotOffTarget * offTarget +
    w.xg * stats.xg +
    w.keyPass * stats.key_passes +
    w.completedPass * stats.passes_completed +
    w.touch * stats.touches +
    w.tackle * stats.tackles +
    w.interception * stats.interceptions +
    w.save * stats.saves +
    (position === 'GK' ? w.concededGk : position === 'DF' ? w.concededDf : w.concededOther) * stats.goals_conceded +
    w.foul * stats.fouls +
    w.yellow * stats.yellow +
    w.red * stats.red +
    w.ownGoal * stats.own_goals;
  if (stats.passes >= w.passAccuracyMinPasses) rating += w.passAccuracyFactor * (stats.passes_completed / stats.passes - w.passAccuracyPivot);
  return Math.round(Math.min(10, Math.max(0, rating)) * 10) / 10;
}

export function emptyFootballStats(): FootballPlayerStats {
  return {
    minutes: 0,
    goals: 0,
    assists: 0,
    own_goals: 0,
    shots: 0,
    shots_on_target: 0,
    xg: 0,
    passes: 0,
    passes_completed: 0,
    key_passes: 0,
    touches: 0,
    tackles: 0,
    interceptions: 0,
    saves: 0,
    fouls: 0,
    yellow: 0,
    red: 0,
    goals_conceded: 0,
  };
}
