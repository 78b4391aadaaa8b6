import { useLoad, WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { CardGrid, liveFirst, RoomCard } from '../ui/RoomCard';
import { widgetCopy } from '../widgetCopy';

/** Rooms the home page recommends: the live ones at the head of the live list. */
export const RECOMMENDED_ROOMS = 4;

/**
 * Recommended rooms for the home page, live rooms first (the stream's recent frame, viewers,
 * category on each card); rooms off air fill the rest. Leads to the live list.
 */
export default function LiveRecommendWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('recommend', async () => liveFirst((await liveApi(context.api).liveList(0, 1)).list).slice(0, RECOMMENDED_ROOMS));
  const anyLive = state.status === 'ready' && state.data.some((room) => room.is_live === 1);
  return (
    <WidgetPanel widgetId="liveRecommend" remote="mf-live" title={widgetCopy.liveRecommendTitle} action={<a href="#/anchor?type=0">{widgetCopy.more}</a>}>
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
