import styled from 'styled-components';
import { LoadView, Muted, useLoad, useReloadOn, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { eventSignature } from './Timeline';

const List = styled.dl`
  display: grid;
  grid-template-columns: 60px 1fr 60px;
  gap: 6px 12px;
  margin: 0;
  align-items: center;

  dt {
    grid-column: 1 / -1;
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: center;
  }
`;

const Bar = styled.dd`
  display: flex;
  height: 8px;
  overflow: hidden;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};

  span:first-child {
    background: ${({ theme }) => theme.colors.home};
  }
  span:last-child {
    margin-left: auto;
    background: ${({ theme }) => theme.colors.away};
  }
`;

/** Match statistics, home against away; refreshed as the match goes on. */
export function Statistics({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const matchId = row.match_id;
  const { state, reload, retry } = useLoad(`statistics:${matchId}`, () => scoresApi(context.api).statistics(matchId));
  useReloadOn(`${eventSignature(row)}:${row.minute}:${row.clock_seconds === null ? '' : Math.floor(row.clock_seconds / 60)}`, reload);

  return (
    <LoadView state={state} failed={detailCopy.failed} onRetry={retry}>
      {(statistics) =>
        statistics.length === 0 ? (
          <Muted>{detailCopy.noStatistics}</Muted>
        ) : (
          <List data-testid="statistics">
            {statistics.map((statistic) => {
              const total = statistic.home + statistic.away;
              const homeShare = total === 0 ? 50 : (statistic.home / total) * 100;
              return (
                <div key={statistic.kind} style={{ display: 'contents' }}>
                  <dt>{statistic.name_zh}</dt>
                  <dd>{statistic.home}</dd>
                  <Bar aria-hidden="true">
                    <span style={{ width: `${homeShare}%` }} />
                    <span style={{ width: `${100 - homeShare}%` }} />
                  </Bar>
                  <dd>{statistic.away}</dd>
                </div>
              );
            })}
          </List>
        )
      }
    </LoadView>
  );
}
