import { useState } from 'react';
import styled from 'styled-components';
import type { FanMedalFan, FanMedalRoomFans } from '../schemas/fanMedals';
// The page's one copy of the kit, by name (this file is @sports/shared/fanMedals, another singleton).
import { Button, LoadView, Muted, useLoad } from '@sports/shared';
import { FanMedalBadge } from './FanMedalBadge';

export const fanListCopy = {
  of: (name: string) => `粉丝榜 · ${name}`,
  total: (total: number) => `共 ${total} 位粉丝`,
  empty: '还没有粉丝，送出礼物即可获得粉丝勋章',
  failed: '粉丝榜加载失败',
  more: '加载更多',
  intimacy: (value: number) => `亲密度 ${value}`,
  rank: (rank: number) => `第${rank}名`,
} as const;

const List = styled.ol<{ $maxHeight?: number }>`
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ $maxHeight }) => ($maxHeight === undefined ? '' : `max-height: ${$maxHeight}px; overflow-y: auto;`)}

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
  .intimacy {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** An avatar's address only when it is one (a path on this site or an http(s) address), as every card shows it. */
function avatarImage(src: string): string | undefined {
  return /^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(src) ? src : undefined;
}

export interface FanMedalFansListProps {
  /** The list's cache key (one per anchor and place). */
  loadKey: string;
  /** `api/FanMedal/roomFans` of the anchor: the first page without a cursor, then by `next_cursor`. */
  load: (cursor?: string) => Promise<FanMedalRoomFans>;
  rowTestId: string;
  listTestId?: string;
  /** Scrolls inside this height (a popover); the page's own scroll without. */
  maxHeight?: number;
}

/**
 * An anchor's fans (粉丝榜, `api/FanMedal/roomFans`): highest intimacy first, each with their rank,
 * medal, avatar, nickname and intimacy; 加载更多 follows the keyset. The room's popover (mf-live)
 * and the anchor's page (mf-member) show the same list.
 */
export function FanMedalFansList({ loadKey, load, rowTestId, listTestId, maxHeight }: FanMedalFansListProps) {
  const { state, retry } = useLoad(loadKey, () => load());
  const [more, setMore] = useState<{ list: FanMedalFan[]; cursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <LoadView state={state} failed={fanListCopy.failed} onRetry={retry}>
      {(first) => {
        const list = [...first.list, ...(more?.list ?? [])];
        const cursor = more === null ? first.next_cursor : more.cursor;
        const loadMore = async () => {
          if (cursor === null || busy) return;
          setBusy(true);
          try {
            const page = await load(cursor);
            setMore((current) => ({ list: [...(current?.list ?? []), ...page.list], cursor: page.next_cursor }));
          } catch {
            // Shown by the API client.
          } finally {
            setBusy(false);
          }
        };
        return (
          <>
            <Muted>{fanListCopy.total(first.total)}</Muted>
            {list.length === 0 ? (
              <Muted>{fanListCopy.empty}</Muted>
            ) : (
              <List aria-label={fanListCopy.of(first.name)} data-testid={listTestId} $maxHeight={maxHeight}>
                {list.map((fan) => {
                  const avatar = avatarImage(fan.avatar);
                  return (
                    <li key={fan.user_id} data-testid={rowTestId}>
                      <span className="rank">{fanListCopy.rank(fan.rank)}</span>
                      <FanMedalBadge name={first.name} level={fan.level} lit={fan.lit === 1} />
                      {avatar && <img src={avatar} alt="" />}
                      <span className="name">{fan.user_nickname}</span>
                      <span className="intimacy">{fanListCopy.intimacy(fan.intimacy)}</span>
                    </li>
                  );
                })}
              </List>
            )}
            {cursor !== null && (
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void loadMore()}>
                {fanListCopy.more}
              </Button>
            )}
          </>
        );
      }}
    </LoadView>
  );
}
