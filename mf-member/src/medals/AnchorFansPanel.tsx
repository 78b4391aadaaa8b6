import { useState } from 'react';
import styled from 'styled-components';
import { Button, FanMedalBadge, LoadView, Muted, PagePanel, useLoad, type FanMedalFan, type RemoteContext } from '@sports/shared';
import { safeImage } from '../ui/format';
import { medalsApi } from './medalsApi';
import { medalsCopy } from './medalsCopy';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
  }
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    object-fit: cover;
  }
  .rank {
    min-width: 3em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** An anchor's fans list (粉丝榜, `api/FanMedal/roomFans`) on their page: highest intimacy first, each with their medal; 加载更多 follows the keyset. */
export function AnchorFansPanel({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const api = medalsApi(context.api);
  const { state, retry } = useLoad(`anchor-fans:${anchorId}`, () => api.roomFans(anchorId));
  const [more, setMore] = useState<{ list: FanMedalFan[]; cursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <PagePanel aria-labelledby="anchor-fans-heading" data-testid="anchor-fans">
      <h2 id="anchor-fans-heading">{medalsCopy.fans}</h2>
      <LoadView state={state} failed={medalsCopy.fansFailed} onRetry={retry}>
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
              // The API client shows the server's message.
            } finally {
              setBusy(false);
            }
          };
          return (
            <>
              <Muted>{medalsCopy.fansTotal(first.total)}</Muted>
              {list.length === 0 ? (
                <Muted>{medalsCopy.fansEmpty}</Muted>
              ) : (
                <List aria-label={medalsCopy.fansOf(first.name)}>
                  {list.map((fan) => {
                    const avatar = safeImage(fan.avatar);
                    return (
                      <li key={fan.user_id} data-testid="anchor-fan">
                        <span className="rank">{medalsCopy.rank(fan.rank)}</span>
                        <FanMedalBadge name={first.name} level={fan.level} lit={fan.lit === 1} />
                        {avatar && <img src={avatar} alt="" />}
                        <span className="name">{fan.user_nickname}</span>
                        <span>{medalsCopy.fanIntimacy(fan.intimacy)}</span>
                      </li>
                    );
                  })}
                </List>
              )}
              {cursor !== null && (
                <Button size="small" variant="ghost" disabled={busy} onClick={() => void loadMore()}>
                  {medalsCopy.more}
                </Button>
              )}
            </>
          );
        }}
      </LoadView>
    </PagePanel>
  );
}
