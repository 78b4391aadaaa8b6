import { useTheme } from 'styled-components';
import type { BasketballLeadTracker } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { clockText, sideName } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { left: 30, right: 8, top: 12, bottom: 12 };
/** An overtime's seconds (NBA and FIBA alike). */
const OVERTIME_SECONDS = 300;

/** A quarter's length, read off a point of regulation time (12 minutes NBA, 10 FIBA); 12 without one. */
export function quarterSeconds(points: BasketballLeadTracker['points']): number {
  const regulation = points.find((point) => point.period <= 4);
  return regulation === undefined ? 720 : Math.round((regulation.elapsed_seconds + regulation.clock_seconds) / regulation.period);
}

/** Where each period after the first starts, up to `end`: four quarters, then overtimes of 5 minutes. */
export function periodStarts(end: number, quarter: number): number[] {
  const starts: number[] = [];
  for (let start = quarter; start < end; start += start < 4 * quarter ? quarter : OVERTIME_SECONDS) starts.push(start);
  return starts;
}

/**
 * The lead tracker: the score difference after every scoring play (up: home ahead), the
 * periods marked, the largest leads, lead changes and ties said above it; the runs listed.
 */
export function LeadTracker({ tracker, home, away }: { tracker: BasketballLeadTracker; home: string; away: string }) {
  const theme = useTheme();
  const { points } = tracker;
  const quarter = quarterSeconds(points);
  const end = Math.max(4 * quarter, tracker.game_seconds);
  const top = Math.max(5, ...points.map((point) => Math.abs(point.lead)));
  const x = (seconds: number) => PAD.left + (seconds / end) * (WIDTH - PAD.left - PAD.right);
  const mid = PAD.top + (HEIGHT - PAD.top - PAD.bottom) / 2;
  const y = (lead: number) => mid - (lead / top) * ((HEIGHT - PAD.top - PAD.bottom) / 2);
  let path = `M${x(0)},${y(0)}`;
  for (const point of points) path += ` H${x(point.elapsed_seconds)} V${y(point.lead)}`;
  path += ` H${x(tracker.game_seconds)}`;
  const facts = `${home} 最大领先 ${tracker.largest_lead.home} 分，${away} 最大领先 ${tracker.largest_lead.away} 分，领先易主 ${tracker.lead_changes} 次，平分 ${tracker.ties} 次`;
  return (
    <ChartFigure
      title={matchCentreCopy.leadTracker}
      testId="lead-tracker"
      chart={
        <>
          <p>{facts}</p>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${matchCentreCopy.leadTracker}：${facts}`}>
            <line x1={PAD.left} y1={mid} x2={WIDTH - PAD.right} y2={mid} stroke={theme.colors.border} />
            {periodStarts(end, quarter).map((seconds) => (
                <line key={seconds} x1={x(seconds)} y1={PAD.top} x2={x(seconds)} y2={HEIGHT - PAD.bottom} stroke={theme.colors.border} strokeDasharray="2 3" />
              ))}
            <text x={2} y={PAD.top + 10} fontSize={14} fill={theme.colors.textMuted}>
              +{top}
            </text>
            <text x={2} y={HEIGHT - PAD.bottom} fontSize={14} fill={theme.colors.textMuted}>
              -{top}
            </text>
            <path d={path} fill="none" stroke={theme.colors.text} strokeWidth={1.5} data-testid="lead-line" />
          </svg>
        </>
      }
      table={
        <>
          <DataTable
            caption={matchCentreCopy.leadTrackerTable}
            rows={points}
            rowKey={(point) => `${point.elapsed_seconds}:${point.home_score}:${point.away_score}`}
            columns={[
              { header: matchCentreCopy.elapsed, cell: (point) => `${matchCentreCopy.quarterName(point.period)} ${clockText(point.clock_seconds)}` },
              { header: home, cell: (point) => point.home_score },
              { header: away, cell: (point) => point.away_score },
              { header: matchCentreCopy.lead, cell: (point) => point.lead },
            ]}
          />
          {tracker.runs.length > 0 && (
            <DataTable
              caption="得分高潮"
              rows={tracker.runs}
              rowKey={(run) => `${run.side}:${run.from_elapsed}`}
              columns={[
                { header: matchCentreCopy.team, cell: (run) => sideName(run.side, home, away) },
                { header: '比分', cell: (run) => `${run.points}-${run.conceded}` },
                { header: matchCentreCopy.elapsed, cell: (run) => `${matchCentreCopy.quarterName(run.from_period)} – ${matchCentreCopy.quarterName(run.to_period)}` },
              ]}
            />
          )}
        </>
      }
    />
  );
}
