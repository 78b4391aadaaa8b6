import { useTheme } from 'styled-components';
import type { FootballShotMap, XgPoint } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { minuteText, sideName, xgText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 30, right: 12, top: 12, bottom: 22 };

/** A point's place on the time axis: minutes (stoppage time drawn after its minute). */
const timeOf = (point: Pick<XgPoint, 'minute' | 'extra' | 'second'>) => point.minute + point.extra + point.second / 60;

/** The running total of one side as a step line: flat until a shot, up by its xG. */
export function stepPath(points: readonly XgPoint[], side: 'home' | 'away', x: (time: number) => number, y: (xg: number) => number, end: number): string {
  let total = 0;
  let path = `M${x(0)},${y(0)}`;
  for (const point of points) {
    const next = side === 'home' ? point.home_xg : point.away_xg;
    if (next === total) continue;
    path += ` H${x(timeOf(point))} V${y(next)}`;
    total = next;
  }
  return `${path} H${x(end)}`;
}

/** The xG race: each side's expected goals added up shot by shot, goals marked on the lines. */
export function XgRace({ shotMap, home, away }: { shotMap: FootballShotMap; home: string; away: string }) {
  const theme = useTheme();
  const points = shotMap.xg_timeline;
  const end = Math.max(90, ...points.map(timeOf));
  const top = Math.max(1, shotMap.home_xg, shotMap.away_xg);
  const x = (time: number) => PAD.left + (time / end) * (WIDTH - PAD.left - PAD.right);
  const y = (xg: number) => HEIGHT - PAD.bottom - (xg / top) * (HEIGHT - PAD.top - PAD.bottom);
  const colours = { home: theme.colors.home, away: theme.colors.away };
  return (
    <ChartFigure
      title={matchCentreCopy.xgRace}
      testId="xg-race"
      legend={{ home, away }}
      chart={
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${matchCentreCopy.xgRace}：${home} ${xgText(shotMap.home_xg)}，${away} ${xgText(shotMap.away_xg)}`}>
          <line x1={PAD.left} y1={y(0)} x2={WIDTH - PAD.right} y2={y(0)} stroke={theme.colors.border} />
          {[0, 45, 90].map((minute) => (
            <text key={minute} x={x(minute)} y={HEIGHT - 4} fontSize={14} textAnchor="middle" fill={theme.colors.textMuted}>
              {minute}'
            </text>
          ))}
          <text x={2} y={y(top) + 4} fontSize={14} fill={theme.colors.textMuted}>
            {top.toFixed(1)}
          </text>
          {(['home', 'away'] as const).map((side) => (
            <path key={side} data-testid={`xg-line-${side}`} d={stepPath(points, side, x, y, end)} fill="none" stroke={colours[side]} strokeWidth={2} />
          ))}
          {points
            .filter((point) => point.goal)
            .map((point) => (
              <circle key={point.shot_id} cx={x(timeOf(point))} cy={y(point.side === 'home' ? point.home_xg : point.away_xg)} r={4} fill={colours[point.side]} stroke="#ffffff">
                <title>{matchCentreCopy.goalAt(point.minute, sideName(point.side, home, away))}</title>
              </circle>
            ))}
        </svg>
      }
      table={
        <DataTable
          caption={matchCentreCopy.xgRaceTable}
          rows={points}
          rowKey={(point) => point.shot_id}
          columns={[
            { header: matchCentreCopy.minute, cell: (point) => minuteText(point.minute, point.extra) },
            { header: matchCentreCopy.team, cell: (point) => sideName(point.side, home, away) + (point.goal ? `（${matchCentreCopy.goal}）` : '') },
            { header: matchCentreCopy.xg, cell: (point) => xgText(point.xg) },
            { header: home, cell: (point) => xgText(point.home_xg) },
            { header: away, cell: (point) => xgText(point.away_xg) },
          ]}
        />
      }
    />
  );
}
