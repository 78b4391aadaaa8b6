import { useState } from 'react';
import styled from 'styled-components';
import { Button, FanMedalBadge, LoadView, Muted, Popover, useLoad, type FanMedalFan, type RemoteContext } from '@sports/shared';
import { safeImage } from '../ui/RoomCard';
import { medalApi } from './medalApi';
import { medalCopy } from './medalCopy';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 320px;
  overflow-y: auto;

  li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 0;
  }
  img {
    width: 24px;
    height: 24px;
    border-radius: 50%;
    object-fit: cover;
  }
  .rank {
    min-width: 2.5em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .intimacy {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** The anchor's fans (粉丝榜, `api/FanMedal/roomFans`): highest intimacy first, each with their medal; 加载更多 follows the keyset. */
export function FansListBody({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const api = medalApi(context.api);
  const { state, retry } = useLoad(`fans:${anchorId}`, () => api.roomFans(anchorId));
  const [more, setMore] = useState<{ list: FanMedalFan[]; cursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <LoadView state={state} failed={medalCopy.fansFailed} onRetry={retry}>
      {(first) => {
        const list = [...first.list, ...(more?.list ?? [])];
        const cursor = more === null ? first.next_cursor : more.cursor;
        const loadMore = async () => {
          if (cursor === null || busy) return;
          setBusy(true);
          try {
            const page = await api.roomFans(anchorId, cursor);
            setMore((current) => ({ list: [...(current?.list ?? []), ...page.list], cursor: page.next_cursor }));
          } catch {
            // Shown by the API client.
          } finally {
            setBusy(false);
          }
        };
        return (
          <>
            <Muted>{medalCopy.fansTotal(first.total)}</Muted>
            {list.length === 0 ? (
              <Muted>{medalCopy.fansEmpty}</Muted>
            ) : (
              <List aria-label={medalCopy.fansOf(first.name)} data-testid="fans-list">
                {list.map((fan) => {
                  const avatar = safeImage(fan.avatar);
                  return (
                    <li key={fan.user_id} data-testid="fan-row">
                      <span className="rank">{medalCopy.rank(fan.rank)}</span>
                      <FanMedalBadge name={first.name} level={fan.level} lit={fan.lit === 1} />
                      {avatar && <img src={avatar} alt="" />}
                      <span className="name">{fan.user_nickname}</span>
                      <span className="intimacy">{medalCopy.intimacy(fan.intimacy)}</span>
                    </li>
                  );
                })}
              </List>
            )}
            {cursor !== null && (
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void loadMore()}>
                {medalCopy.more}
              </Button>
            )}
          </>
        );
      }}
    </LoadView>
  );
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
