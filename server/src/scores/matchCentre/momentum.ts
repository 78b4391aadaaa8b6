import { MOMENTUM_SCALE, MOMENTUM_WEIGHTS, type ChartGoal, type MomentumBucket } from '@sports/shared/server';
import type { CentreAction } from './centreAction';

/** What one action adds to its side's pressure in its minute (MOMENTUM_WEIGHTS, documented in geometry.ts). */
export function pressureOf(action: CentreAction): number {
  const w = MOMENTUM_WEIGHTS;
  switch (action.kind) {
    case 'shot':
      // An own goal is not the credited side's attack.
      if (action.situation === 'own_goal') return 0;
      return w.shot + (action.outcome === 'goal' || action.outcome === 'saved' ? w.shotOnTarget : 0) + w.xgFactor * (action.xg ?? 0);
    case 'final_third':
      return w.finalThirdEntry * action.count;
    case 'dangerous_attack':
      return w.dangerousAttack * action.count;
    case 'corner':
      return w.corner * action.count;
    default:
      return 0;
  }
}

export interface MinuteMark {
  period: number;
  minute: number;
  extra: number;
}

const keyOf = (mark: MinuteMark) => `${mark.period}:${mark.minute}:${mark.extra}`;
const order = (a: MinuteMark, b: MinuteMark) => a.period - b.period || a.minute - b.minute || a.extra - b.extra;

/** The regular minutes of a period (football: 1-45, 46-90, 91-105, 106-120). */
function periodRange(period: number): [number, number] {
  return period === 1 ? [1, 45] : period === 2 ? [46, 90] : period === 3 ? [91, 105] : [106, 120];
}

/**
 * One bucket per minute played up to `through` (the match clock now; null: only minutes with
 * actions), each side's weighted actions in it and the bar value 100 * tanh((home - away) / scale).
 */
export function momentumBuckets(actions: readonly CentreAction[], through: MinuteMark | null): MomentumBucket[] {
  const buckets = new Map<string, MomentumBucket>();
  const bucket = (mark: MinuteMark): MomentumBucket => {
    const key = keyOf(mark);
    let found = buckets.get(key);
    if (found === undefined) {
      found = { minute: mark.minute, extra: mark.extra, period: mark.period, home: 0, away: 0, value: 0 };
      buckets.set(key, found);
    }
    return found;
  };
  if (through !== null) {
    for (let period = 1; period <= Math.min(through.period, 4); period += 1) {
      const [first, last] = periodRange(period);
      const end = period < through.period ? last : Math.min(last, through.minute);
      for (let minute = first; minute <= end; minute += 1) bucket({ period, minute, extra: 0 });
      if (period === through.period && through.minute === last) for (let extra = 1; extra <= through.extra; extra += 1) bucket({ period, minute: last, extra });
    }
  }
  for (const action of actions) {
    const pressure = pressureOf(action);
    if (pressure === 0 && action.kind !== 'shot') continue;
    const target = bucket(action);
    target[action.side] += pressure;
  }
  return [...buckets.values()].sort(order).map((entry) => ({
    ...entry,
    home: round2(entry.home),
    away: round2(entry.away),
    value: Math.round(100 * Math.tanh((entry.home - entry.away) / MOMENTUM_SCALE) * 10) / 10,
  }));
}

/** The goals to mark on the charts (own goals for the side credited), oldest first. */
export function chartGoals(actions: readonly CentreAction[]): ChartGoal[] {
  return actions
    .filter((action) => action.kind === 'shot' && action.outcome === 'goal')
    .map((action) => ({ minute: action.minute, extra: action.extra, second: action.second, side: action.side, player_zh: action.player_zh, own_goal: action.situation === 'own_goal' }));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
