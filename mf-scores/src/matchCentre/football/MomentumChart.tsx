import { useTheme } from 'styled-components';
import type { ChartGoal, FootballMomentum, MomentumBucket } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { minuteText, sideName } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

const WIDTH = 600;
const HEIGHT = 160;
const MID = HEIGHT / 2;
/** Room above and below the bars for the goals' marks. */
const BAR_SPACE = MID - 16;
/** The axis spans the regular 90 minutes at least; stoppage time widens it. */
const REGULAR_BUCKETS = 90;

const sameMinute = (goal: ChartGoal, bucket: MomentumBucket) => goal.minute === bucket.minute && goal.extra === bucket.extra;

/**
 * Momentum (attack pressure per minute, from the server): a bar a minute, up for the home side,
 * down for the away side, its height the bucket's value (-100..100); goals marked at their minute.
 */
export function MomentumChart({ momentum, home, away }: { momentum: FootballMomentum; home: string; away: string }) {
  const theme = useTheme();
  const { buckets, goals } = momentum;
  const slots = Math.max(REGULAR_BUCKETS, buckets.length);
  const step = WIDTH / slots;
  const xOf = (index: number) => index * step;
  const summary = `${matchCentreCopy.momentum}：${buckets.length} 分钟，${goals.length} 个进球`;
  return (
    <ChartFigure
      title={matchCentreCopy.momentum}
      testId="momentum"
      legend={{ home, away }}
      chart={
        buckets.length === 0 ? (
          <p>{matchCentreCopy.notStarted}</p>
        ) : (
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
            <line x1={0} y1={MID} x2={WIDTH} y2={MID} stroke={theme.colors.border} />
            {buckets.map((bucket, index) => {
              const height = (Math.abs(bucket.value) / 100) * BAR_SPACE;
              return (
                <rect
                  key={`${bucket.minute}+${bucket.extra}`}
                  data-testid="momentum-bar"
                  data-minute={minuteText(bucket.minute, bucket.extra)}
                  data-value={bucket.value}
                  x={xOf(index) + step * 0.1}
                  width={step * 0.8}
                  y={bucket.value >= 0 ? MID - height : MID}
                  height={height}
                  fill={bucket.value >= 0 ? theme.colors.home : theme.colors.away}
                />
              );
            })}
            {goals.map((goal) => {
              const index = buckets.findIndex((bucket) => sameMinute(goal, bucket));
              if (index < 0) return null;
              const x = xOf(index) + step / 2;
              const y = goal.side === 'home' ? 8 : HEIGHT - 8;
              return (
                <circle key={`${goal.minute}+${goal.extra}:${goal.second}:${goal.side}:${goal.player_zh}`} data-testid="momentum-goal" cx={x} cy={y} r={5} fill="#ffffff" stroke={theme.colors.text} strokeWidth={1.5}>
                  <title>{matchCentreCopy.goalAt(goal.minute, sideName(goal.side, home, away))}</title>
                </circle>
              );
            })}
          </svg>
        )
      }
      table={
        <DataTable
          caption={matchCentreCopy.momentumTable}
          rows={buckets}
          rowKey={(bucket) => `${bucket.minute}+${bucket.extra}`}
          columns={[
            { header: matchCentreCopy.minute, cell: (bucket) => minuteText(bucket.minute, bucket.extra) },
            { header: matchCentreCopy.pressure, cell: (bucket) => Math.round(bucket.value) },
            { header: matchCentreCopy.goal, cell: (bucket) => goals.filter((goal) => sameMinute(goal, bucket)).map((goal) => `${sideName(goal.side, home, away)} ${goal.player_zh}`).join('，') },
          ]}
        />
      }
    />
  );
}
