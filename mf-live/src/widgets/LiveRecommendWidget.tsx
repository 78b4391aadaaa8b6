import { WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { widgetCopy } from '../widgetCopy';

/**
 * Recommended live rooms for the home page. Rooms arrive with the live-rooms issue; until then
 * the widget shows its empty state and leads to the live list.
 */
export default function LiveRecommendWidget(_props: RemoteWidgetProps) {
  return (
    <WidgetPanel widgetId="liveRecommend" remote="mf-live" title={widgetCopy.liveRecommendTitle} action={<a href="#/anchor?type=0">{widgetCopy.more}</a>}>
      <p>{widgetCopy.noLiveRooms}</p>
    </WidgetPanel>
  );
}
