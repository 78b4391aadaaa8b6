import { useState } from 'react';
import { useTheme } from 'styled-components';
import { PITCH_LENGTH, PITCH_WIDTH, type FootballShot, type FootballShotMap } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { Filters, teamOptions } from '../charts/Filters';
import { PitchMarkings } from '../charts/PitchMarkings';
import { minuteText, sideName, xgText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

export type HalfFilter = 'all' | '1' | '2';
export type TargetFilter = 'all' | 'on' | 'off';
export interface ShotFilter {
  team: 'all' | 'home' | 'away';
  half: HalfFilter;
  target: TargetFilter;
}

/** The shots a filter keeps: by team, half (extra time counts as the second half) and on/off target. */
export function filterShots(shots: readonly FootballShot[], filter: ShotFilter): FootballShot[] {
  return shots.filter(
    (shot) =>
      (filter.team === 'all' || shot.side === filter.team) &&
      (filter.half === 'all' || (filter.half === '1' ? shot.period === 1 : shot.period >= 2)) &&
      (filter.target === 'all' || (filter.target === 'on') === shot.on_target),
  );
}

/** A marker's radius in metres: its area grows with the chance's xG (0.6 m for a tap-in's 0, 3.4 m at 1). */
export const markerRadius = (xg: number) => 0.6 + Math.sqrt(xg) * 2.8;

/** Where a shot is drawn: home attacking right, away mirrored to attack left (types.ts coordinates). */
export const shotPoint = (shot: FootballShot) => (shot.side === 'home' ? { x: shot.x, y: shot.y } : { x: PITCH_LENGTH - shot.x, y: PITCH_WIDTH - shot.y });

const outcomeCopy: Record<FootballShot['outcome'], string> = { goal: '进球', saved: '被扑出', missed: '射偏', blocked: '被封堵', woodwork: '击中门框' };

/**
 * Every shot on the pitch (home attacking right, away left), its marker's size its xG, goals
 * filled; filterable by team, half and on/off target. Each marker is named for screen readers,
 * and the table lists the same shots.
 */
export function ShotMap({ shotMap, home, away }: { shotMap: FootballShotMap; home: string; away: string }) {
  const theme = useTheme();
  const [filter, setFilter] = useState<ShotFilter>({ team: 'all', half: 'all', target: 'all' });
  const shots = filterShots(shotMap.shots, filter);
  const describe = (shot: FootballShot) => `${minuteText(shot.minute, shot.extra)} ${sideName(shot.side, home, away)} ${shot.player_zh} ${outcomeCopy[shot.outcome]} ${matchCentreCopy.xg} ${xgText(shot.xg)}`;
  return (
    <ChartFigure
      title={`${matchCentreCopy.shotMap} · ${matchCentreCopy.xg} ${home} ${xgText(shotMap.home_xg)} - ${xgText(shotMap.away_xg)} ${away}`}
      testId="shot-map"
      legend={{ home: `${home} →`, away: `← ${away}` }}
      controls={
        <Filters
          filters={[
            { label: matchCentreCopy.team, value: filter.team, options: teamOptions(home, away), onChange: (team) => setFilter({ ...filter, team: team as ShotFilter['team'] }) },
            {
              label: matchCentreCopy.half,
              value: filter.half,
              options: [
                { value: 'all', label: matchCentreCopy.all },
                { value: '1', label: matchCentreCopy.firstHalf },
                { value: '2', label: matchCentreCopy.secondHalf },
              ],
              onChange: (half) => setFilter({ ...filter, half: half as HalfFilter }),
            },
            {
              label: matchCentreCopy.target,
              value: filter.target,
              options: [
                { value: 'all', label: matchCentreCopy.all },
                { value: 'on', label: matchCentreCopy.onTarget },
                { value: 'off', label: matchCentreCopy.offTarget },
              ],
              onChange: (target) => setFilter({ ...filter, target: target as TargetFilter }),
            },
          ]}
        />
      }
      chart={
        <svg viewBox={`-2 -2 ${PITCH_LENGTH + 4} ${PITCH_WIDTH + 4}`} role="img" aria-label={`${matchCentreCopy.shotMap}：${shots.length} 次射门`}>
          <PitchMarkings />
          {shots.map((shot) => {
            const point = shotPoint(shot);
            const colour = shot.side === 'home' ? theme.colors.home : theme.colors.away;
            const goal = shot.outcome === 'goal';
            return (
              <circle
                key={shot.id}
                data-testid="shot"
                data-shot-id={shot.id}
                data-outcome={shot.outcome}
                data-xg={xgText(shot.xg)}
                cx={point.x}
                cy={point.y}
                r={markerRadius(shot.xg)}
                fill={goal ? colour : '#ffffff'}
                fillOpacity={goal ? 1 : 0.55}
                stroke={colour}
                strokeWidth={0.5}
              >
                <title>{describe(shot)}</title>
              </circle>
            );
          })}
        </svg>
      }
      table={
        shots.length === 0 ? (
          <p>{matchCentreCopy.noShots}</p>
        ) : (
          <DataTable
            caption={matchCentreCopy.shotMapTable}
            rows={shots}
            rowKey={(shot) => shot.id}
            columns={[
              { header: matchCentreCopy.minute, cell: (shot) => minuteText(shot.minute, shot.extra) },
              { header: matchCentreCopy.team, cell: (shot) => sideName(shot.side, home, away) },
              { header: matchCentreCopy.player, cell: (shot) => shot.player_zh },
              { header: matchCentreCopy.result, cell: (shot) => outcomeCopy[shot.outcome] },
              { header: matchCentreCopy.xg, cell: (shot) => xgText(shot.xg) },
            ]}
          />
        )
      }
    />
  );
}
