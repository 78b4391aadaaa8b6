import { Button, type RemoteContext } from '@sports/shared';
import { FanMedalFansList } from '@sports/shared/fanMedals';
import { Popover } from '@sports/shared/pageKit';
import { medalApi } from './medalApi';
import { medalCopy } from './medalCopy';

/** The anchor's fans (粉丝榜, `api/FanMedal/roomFans`) in the room's popover: the kit's list, scrolling inside it. */
export function FansListBody({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const api = medalApi(context.api);
  return <FanMedalFansList loadKey={`fans:${anchorId}`} load={(cursor) => api.roomFans(anchorId, cursor)} rowTestId="fan-row" listTestId="fans-list" maxHeight={320} />;
}

/** The room's 粉丝榜 button: the list opens in a popover (a sheet on a phone) and loads when opened. */
export function RoomFansButton({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  return (
    <Popover
      title={medalCopy.fans}
      sheetOnNarrow
      placement="bottom-start"
      testId="fans-popover"
      trigger={(props) => (
        <Button {...props} size="small" variant="secondary" data-testid="fans-open">
          {medalCopy.fans}
        </Button>
      )}
    >
      <FansListBody context={context} anchorId={anchorId} />
    </Popover>
  );
}
