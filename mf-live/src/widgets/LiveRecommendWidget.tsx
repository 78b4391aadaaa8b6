import { useLoad, WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { CardGrid, RoomCard } from '../ui/RoomCard';
import { widgetCopy } from '../widgetCopy';

/** Rooms the home page recommends: the live ones at the head of the live list. */
export const RECOMMENDED_ROOMS = 4;

/** Recommended live rooms for the home page; leads to the live list. */
export default function LiveRecommendWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('recommend', async () => (await liveApi(context.api).liveList(0, 1)).list.filter((room) => room.is_live === 1).slice(0, RECOMMENDED_ROOMS));
  return (
    <WidgetPanel widgetId="liveRecommend" remote="mf-live" title={widgetCopy.liveRecommendTitle} action={<a href="#/anchor?type=0">{widgetCopy.more}</a>}>
      {state.status === 'loading' && <p role="status">{widgetCopy.loading}</p>}
      {state.status === 'failed' && <p>{widgetCopy.failed}</p>}
      {state.status === 'ready' && state.data.length === 0 && <p>{widgetCopy.noLiveRooms}</p>}
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
