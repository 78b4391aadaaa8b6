import styled from 'styled-components';
import { LoadView, Muted, useLoad, useReloadOn, type Clip, type MatchEvent, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { eventText } from './eventText';
import { useSettled } from './useSettled';

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

/** The play mark beside an event that has a clip: a link to the clip's page (mf-live's #/clip). */
const PlayMark = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  margin: 0 4px;
  vertical-align: middle;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.textInverse};
  text-decoration: none;
  font-size: 11px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  /* A phone's finger needs a bigger target than the mark shows. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    position: relative;
    &::after {
      content: '';
      position: absolute;
      inset: -11px;
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

/** Each event's clip (by the feed event it shows), ready ones only; the newest when several. */
export function clipsByEvent(clips: readonly Clip[]): Map<number, Clip> {
  const byEvent = new Map<number, Clip>();
  for (const clip of clips) if (clip.event_id !== null && clip.status === 'ready' && !byEvent.has(clip.event_id)) byEvent.set(clip.event_id, clip);
  return byEvent;
}

function ClipMark({ event, clip }: { event: MatchEvent; clip: Clip | undefined }) {
  if (!clip) return null;
  return (
    <PlayMark href={`#/clip?id=${clip.id}`} aria-label={detailCopy.playClip(`${event.match_str} ${eventText(event)}`)} title={clip.title} data-testid="timeline-clip" data-clip-id={clip.id}>
      <span aria-hidden="true">▶</span>
    </PlayMark>
  );
}

/**
 * The events of the match, newest first, home on the left and away on the right; an event with a
 * clip (a goal, a penalty, a red card: `api/Clip/list?match_id=`) carries a play mark to its page.
 * The clips are asked for again with the events; without them the timeline is the same, unmarked.
 */
export function Timeline({ context, row, onSettled }: { context: RemoteContext; row: MatchRow; onSettled?: () => void }) {
  const matchId = row.match_id;
  const { state, reload, retry } = useLoad(`events:${matchId}`, () => scoresApi(context.api).latestEvents(matchId));
  useSettled(state.status, onSettled);
  const { state: clipState, reload: reloadClips } = useLoad(`clips:${matchId}`, () => scoresApi(context.api).clipsOfMatch(matchId));
  useReloadOn(eventSignature(row), reload);
  useReloadOn(`clips:${eventSignature(row)}`, reloadClips);
  const clips = clipState.status === 'ready' ? clipsByEvent(clipState.data) : new Map<number, Clip>();

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
                  {event.side !== 'away' && (
                    <>
                      {eventText(event)}
                      <ClipMark event={event} clip={clips.get(event.id)} />
                    </>
                  )}
                </span>
                <Minute>
                  {event.match_str} {event.side !== null && `${event.home_score}-${event.away_score}`}
                </Minute>
                <span data-side="away" data-kind={event.kind}>
                  {event.side === 'away' && (
                    <>
                      <ClipMark event={event} clip={clips.get(event.id)} />
                      {eventText(event)}
                    </>
                  )}
                </span>
              </Item>
            ))}
          </List>
        )
      }
    </LoadView>
  );
}
