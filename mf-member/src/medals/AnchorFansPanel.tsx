import { PagePanel, type RemoteContext } from '@sports/shared';
import { FanMedalFansList } from '@sports/shared/fanMedals';
import { medalsApi } from './medalsApi';
import { medalsCopy } from './medalsCopy';

/** An anchor's fans list (粉丝榜, `api/FanMedal/roomFans`) on their page: the kit's list under its heading. */
export function AnchorFansPanel({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const api = medalsApi(context.api);
  return (
    <PagePanel aria-labelledby="anchor-fans-heading" data-testid="anchor-fans">
      <h2 id="anchor-fans-heading">{medalsCopy.fans}</h2>
      <FanMedalFansList loadKey={`anchor-fans:${anchorId}`} load={(cursor) => api.roomFans(anchorId, cursor)} rowTestId="anchor-fan" />
    </PagePanel>
  );
}
