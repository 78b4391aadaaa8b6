import { useLoad, WidgetPanel, type LiveRoomCard, type RemoteWidgetProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { CardGrid, liveFirst, RoomCard } from '../ui/RoomCard';
import { widgetCopy } from '../widgetCopy';

/** Rooms the home page recommends: the live ones at the head of the live list. */
export const RECOMMENDED_ROOMS = 4;

/**
 * The rooms shown: the live ones (most watched first, as the list orders them); when none is
 * live, rooms off air (with their pictures) so the home page is not empty.
 */
export function recommendedRooms(rooms: readonly LiveRoomCard[]): LiveRoomCard[] {
  const live = liveFirst(rooms).filter((room) => room.is_live === 1);
  return (live.length > 0 ? live : [...rooms]).slice(0, RECOMMENDED_ROOMS);
}

/**
 * Recommended rooms for the home page: live rooms (the stream's recent frame, viewers, category
 * on each card); with none live, says so above rooms off air. Leads to the live list.
 */
export default function LiveRecommendWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('recommend', async () => recommendedRooms((await liveApi(context.api).liveList(0, 1)).list));
  const anyLive = state.status === 'ready' && state.data.some((room) => room.is_live === 1);
  return (
    <WidgetPanel widgetId="liveRecommend" remote="mf-live" title={widgetCopy.liveRecommendTitle} action={<a href="#/anchor?type=0">{widgetCopy.more}</a>} loading={state.status === 'loading'}>
      {state.status === 'loading' && <p role="status">{widgetCopy.loading}</p>}
      {state.status === 'failed' && <p>{widgetCopy.failed}</p>}
      {state.status === 'ready' && !anyLive && <p>{widgetCopy.noLiveRooms}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <CardGrid>
          {state.data.map((room) => (
            <RoomCard key={room.room_id} room={room} />
          ))}
        </CardGrid>
      )}
    </WidgetPanel>
  );
}
