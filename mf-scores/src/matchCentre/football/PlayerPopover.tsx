import { Fragment } from 'react';
import styled from 'styled-components';
import { Button } from '@sports/shared';
import type { LineupPlayer } from '@sports/shared/matchCentre';
import { Popover } from '@sports/shared/pageKit';
import { VisuallyHidden } from '../charts/ChartFigure';
import { RATING_COLOURS, ratingBand, ratingText, xgText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

const Stats = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 16px;
  margin: 0 0 8px;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

export const Rating = styled.span<{ $rating: number | null }>`
  display: inline-block;
  min-width: 28px;
  padding: 0 4px;
  border-radius: 4px;
  background: ${({ $rating }) => RATING_COLOURS[ratingBand($rating)]};
  color: #ffffff;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  line-height: 18px;
  text-align: center;
`;

/** A long name ends with … (the whole name is the popover's title and in the table). */
const Name = styled.span`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const STAT_ROWS: { label: string; value: (player: LineupPlayer) => string | number }[] = [
  { label: '评分', value: (player) => ratingText(player.rating) },
  { label: '出场时间', value: (player) => `${player.stats.minutes}'` },
  { label: '进球', value: (player) => player.stats.goals },
  { label: '助攻', value: (player) => player.stats.assists },
  { label: '射门（射正）', value: (player) => `${player.stats.shots}（${player.stats.shots_on_target}）` },
  { label: '预期进球', value: (player) => xgText(player.stats.xg) },
  { label: '传球（成功）', value: (player) => `${player.stats.passes}（${player.stats.passes_completed}）` },
  { label: '关键传球', value: (player) => player.stats.key_passes },
  { label: '触球', value: (player) => player.stats.touches },
  { label: '抢断', value: (player) => player.stats.tackles },
  { label: '拦截', value: (player) => player.stats.interceptions },
  { label: '扑救', value: (player) => player.stats.saves },
  { label: '犯规', value: (player) => player.stats.fouls },
  { label: '黄牌 / 红牌', value: (player) => `${player.stats.yellow} / ${player.stats.red}` },
];

/** A player's button (shirt number, name, rating) opening his match stats and a link to his page. */
export function PlayerPopover({ player, compact = false }: { player: LineupPlayer; compact?: boolean }) {
  return (
    <Popover
      title={matchCentreCopy.playerStats(player.name_zh)}
      placement="bottom-start"
      sheetOnNarrow
      width={280}
      testId="player-popover"
      trigger={(props) => (
        <Button {...props} variant="ghost" size="small" data-testid="lineup-player" data-player-id={player.player_id}>
          {!compact && `${player.shirt_number} `}
          <Name>{player.name_zh}</Name>{' '}
          <Rating $rating={player.rating} data-testid="player-rating">
            <VisuallyHidden>{matchCentreCopy.rating} </VisuallyHidden>
            {ratingText(player.rating)}
          </Rating>
        </Button>
      )}
    >
      <Stats>
        {STAT_ROWS.map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value(player)}</dd>
          </Fragment>
        ))}
      </Stats>
      <a href={`#/player?id=${player.player_id}`}>{matchCentreCopy.playerPage}</a>
    </Popover>
  );
}
