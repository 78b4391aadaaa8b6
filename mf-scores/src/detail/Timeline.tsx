import styled from 'styled-components';
import { LoadView, Muted, useLoad, useReloadOn, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { eventText } from './eventText';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 1fr 72px 1fr;
  gap: 12px;
  align-items: center;
  padding: 6px 0;
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};

  [data-side] {
    min-height: 1em;
  }
  [data-side='home'] {
    text-align: right;
  }
  [data-kind='goal'],
  [data-kind='red'] {
    font-weight: bold;
  }

  /* Phone: the middle column as wide as its words (minute, score), broken only between them. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
    gap: 8px;

    > span:nth-child(2) {
      overflow-wrap: normal;
      word-break: keep-all;
    }
  }
`;

const Minute = styled.span`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Every change of the row that adds an event: the timeline reloads when it changes. */
export function eventSignature(row: MatchRow): string {
  return [row.status, row.period, row.home_score, row.away_score, row.home_red, row.away_red, row.home_yellow, row.away_yellow].join(':');
}

/** The events of the match, newest first, home on the left and away on the right. */
export function Timeline({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const matchId = row.match_id;
  const { state, reload, retry } = useLoad(`events:${matchId}`, () => scoresApi(context.api).latestEvents(matchId));
  useReloadOn(eventSignature(row), reload);

  return (
    <LoadView state={state} failed={detailCopy.failed} onRetry={retry}>
      {(events) =>
        events.length === 0 ? (
          <Muted>{detailCopy.noEvents}</Muted>
        ) : (
          <List aria-label={detailCopy.tabs.timeline} data-testid="timeline">
            {[...events].reverse().map((event) => (
              <Item key={event.id} data-testid="timeline-event">
                <span data-side="home" data-kind={event.kind}>
                  {event.side !== 'away' ? eventText(event) : ''}
                </span>
                <Minute>
                  {event.match_str} {event.side !== null && `${event.home_score}-${event.away_score}`}
                </Minute>
                <span data-side="away" data-kind={event.kind}>
                  {event.side === 'away' ? eventText(event) : ''}
                </span>
              </Item>
            ))}
          </List>
        )
      }
    </LoadView>
  );
}
