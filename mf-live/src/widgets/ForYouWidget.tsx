import styled from 'styled-components';
import { useLoad, WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { recommendApi } from '../follows/recommendApi';
import { forYouCopy } from '../follows/followsCopy';
import { CardGrid, RoomCard } from '../ui/RoomCard';

/** A row of cards: side by side, scrolling sideways when they do not fit (a phone). */
const Row = styled(CardGrid)`
  grid-auto-flow: column;
  grid-template-columns: none;
  grid-auto-columns: minmax(200px, 240px);
  overflow-x: auto;
  overscroll-behavior-x: contain;
  padding-bottom: 4px;
`;

/**
 * 为你推荐 (issue 39 part 4): live rooms from `api/Recommend/rooms`, ranked for the member by
 * their follows and watch history (guests: the popular rooms with a sport mix), each card linking
 * to its room with why it is there. Nothing at all when no room is live or the call failed (the
 * 正在直播 widget beside it says so).
 */
export default function ForYouWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('forYou', () => recommendApi(context.api).rooms());
  if (state.status === 'failed' || (state.status === 'ready' && state.data.list.length === 0)) return null;
  return (
    // data-widget-wide: the host's home grid gives this row its whole width (host/src/pages/HomePage.tsx).
    <div data-widget-wide="">
    <WidgetPanel widgetId="forYou" remote="mf-live" title={forYouCopy.title} action={<a href="#/anchor?type=0">{forYouCopy.more}</a>} loading={state.status === 'loading'}>
      {state.status === 'loading' && <p role="status">{forYouCopy.loading}</p>}
      {state.status === 'ready' && (
        <Row data-testid="for-you" aria-label={forYouCopy.title}>
          {state.data.list.map(({ room, reason }) => (
            <RoomCard key={room.room_id} room={room} note={forYouCopy.reasons[reason]} />
          ))}
        </Row>
      )}
    </WidgetPanel>
    </div>
  );
}
