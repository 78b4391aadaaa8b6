import { useState } from 'react';
import { useTheme } from 'styled-components';
import { COURTS, type BasketballShot, type BasketballShotChart, type CourtGeometry } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { Filters, teamOptions } from '../charts/Filters';
import { clockText, sideName } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

export interface CourtShotFilter {
  team: 'all' | 'home' | 'away';
  /** 'all' or a period's number. */
  quarter: string;
}

export function filterCourtShots(shots: readonly BasketballShot[], filter: CourtShotFilter): BasketballShot[] {
  return shots.filter((shot) => (filter.team === 'all' || shot.side === filter.team) && (filter.quarter === 'all' || shot.period === Number(filter.quarter)));
}

/** The half court drawn (types.ts: x across, y from the baseline, the basket at (width / 2, 1.575)). */
function HalfCourt({ court, line }: { court: CourtGeometry; line: string }) {
  const centre = court.width / 2;
  const half = court.length / 2;
  const cornerLeft = centre - court.cornerThreeDistance;
  const cornerRight = centre + court.cornerThreeDistance;
  // Where the arc meets the corner lines.
  const arcStartY = court.basketY + Math.sqrt(Math.max(0, court.threePointRadius ** 2 - court.cornerThreeDistance ** 2));
  const joinY = Math.max(court.cornerLineY, arcStartY);
  return (
    <g fill="none" stroke={line} strokeWidth={0.06} aria-hidden="true">
      <rect x={0} y={0} width={court.width} height={half} fill="#f3e3c3" />
      <rect x={centre - 2.45} y={0} width={4.9} height={5.8} />
      <circle cx={centre} cy={5.8} r={1.8} />
      <circle cx={centre} cy={court.basketY} r={0.225} stroke="#c8102e" />
      <line x1={centre - 0.9} y1={1.2} x2={centre + 0.9} y2={1.2} />
      <path d={`M${cornerLeft},0 V${joinY} A${court.threePointRadius},${court.threePointRadius} 0 0 0 ${cornerRight},${joinY} V0`} />
      <path d={`M${centre - 1.8},${half} A1.8,1.8 0 0 1 ${centre + 1.8},${half}`} />
    </g>
  );
}

/**
 * Every field-goal attempt on the half court: made ones filled, missed ones a cross, threes
 * ringed; by team and quarter; the table lists the same shots.
 */
export function ShotChart({ shotChart, home, away }: { shotChart: BasketballShotChart; home: string; away: string }) {
  const theme = useTheme();
  const [filter, setFilter] = useState<CourtShotFilter>({ team: 'all', quarter: 'all' });
  const court = COURTS[shotChart.court];
  const shots = filterCourtShots(shotChart.shots, filter);
  const periods = [...new Set(shotChart.shots.map((shot) => shot.period))].sort((a, b) => a - b);
  const made = shots.filter((shot) => shot.made).length;
  const describe = (shot: BasketballShot) =>
    `${matchCentreCopy.quarterName(shot.period)} ${clockText(shot.clock_seconds)} ${sideName(shot.side, home, away)} ${shot.player_zh} ${shot.points}分 ${shot.made ? matchCentreCopy.made : matchCentreCopy.missed}`;
  return (
    <ChartFigure
      title={`${matchCentreCopy.shotChart} · ${made}/${shots.length}`}
      testId="shot-chart"
      legend={{ home, away }}
      controls={
        <Filters
          filters={[
            { label: matchCentreCopy.team, value: filter.team, options: teamOptions(home, away), onChange: (team) => setFilter({ ...filter, team: team as CourtShotFilter['team'] }) },
            {
              label: matchCentreCopy.quarter,
              value: filter.quarter,
              options: [{ value: 'all', label: matchCentreCopy.all }, ...periods.map((period) => ({ value: String(period), label: matchCentreCopy.quarterName(period) }))],
              onChange: (quarter) => setFilter({ ...filter, quarter }),
            },
          ]}
        />
      }
      chart={
        <svg viewBox={`-0.5 -0.5 ${court.width + 1} ${court.length / 2 + 1}`} role="img" aria-label={`${matchCentreCopy.shotChart}：${shots.length} 次出手，命中 ${made} 次`}>
          <HalfCourt court={court} line={theme.colors.textMuted} />
          {shots.map((shot) => {
            const colour = shot.side === 'home' ? theme.colors.home : theme.colors.away;
            return (
              <g key={shot.id} data-testid="court-shot" data-shot-id={shot.id} data-made={shot.made} data-points={shot.points} transform={`translate(${shot.x} ${shot.y})`}>
                <title>{describe(shot)}</title>
                {shot.made ? (
                  <circle r={0.28} fill={colour} stroke={shot.points === 3 ? theme.colors.text : 'none'} strokeWidth={0.08} />
                ) : (
                  <path d="M-0.22,-0.22 L0.22,0.22 M-0.22,0.22 L0.22,-0.22" stroke={colour} strokeWidth={0.09} />
                )}
              </g>
            );
          })}
        </svg>
      }
      table={
        <DataTable
          caption={matchCentreCopy.shotChartTable}
          rows={shots}
          rowKey={(shot) => shot.id}
          columns={[
            { header: matchCentreCopy.quarter, cell: (shot) => `${matchCentreCopy.quarterName(shot.period)} ${clockText(shot.clock_seconds)}` },
            { header: matchCentreCopy.team, cell: (shot) => sideName(shot.side, home, away) },
            { header: matchCentreCopy.player, cell: (shot) => shot.player_zh },
            { header: matchCentreCopy.points, cell: (shot) => shot.points },
            { header: matchCentreCopy.result, cell: (shot) => (shot.made ? matchCentreCopy.made : matchCentreCopy.missed) },
          ]}
        />
      }
    />
  );
}
