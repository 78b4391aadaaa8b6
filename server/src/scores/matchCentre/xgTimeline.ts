import type { XgPoint } from '@sports/shared/server';
import type { CentreAction } from './centreAction';

/** The xG race: a point per shot (oldest first) with the running totals; and the team totals. */
export function xgTimeline(actions: readonly CentreAction[]): { points: XgPoint[]; home_xg: number; away_xg: number } {
  let home = 0;
  let away = 0;
  const points: XgPoint[] = [];
  for (const action of actions) {
    if (action.kind !== 'shot') continue;
    const xg = action.xg ?? 0;
    if (action.side === 'home') home += xg;
    else away += xg;
    points.push({
      shot_id: action.id,
      minute: action.minute,
      extra: action.extra,
      second: action.second,
      side: action.side,
      xg,
      home_xg: round3(home),
      away_xg: round3(away),
      goal: action.outcome === 'goal',
    });
  }
  return { points, home_xg: round3(home), away_xg: round3(away) };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
