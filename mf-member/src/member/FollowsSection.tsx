import { useState } from 'react';
import { LoadView, Muted, ONLINE_COUNT_BONUS, Button, useLoad, type AttentionItem } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { memberApi, MEMBER_LIST_PAGE_SIZE } from '../api/memberApi';
import { commonCopy, followsCopy } from '../messages';
import type { MemberSectionProps } from '../pages/MemberPage';
import { PlainList } from '../ui/Form';
import { safeImage } from '../ui/format';

/** Live ones first; the server's order (newest follow first) otherwise. */
export function liveFirst(items: readonly AttentionItem[]): AttentionItem[] {
  const live = (item: AttentionItem) => item.room?.is_live === 1;
  return [...items.filter(live), ...items.filter((item) => !live(item))];
}

/** member?type=2: the anchors I follow (`GET api/User/attentionList`), live first with viewers; unfollow (`POST api/Member/attention`). */
export default function FollowsSection({ context }: MemberSectionProps) {
  const api = memberApi(context.api);
  const [page, setPage] = useState(1);
  const [unfollowed, setUnfollowed] = useState<ReadonlySet<number>>(new Set());
  const { state, retry } = useLoad(String(page), () => api.attentionList(page));

  const unfollow = async (anchorId: number) => {
    try {
      await api.attention({ anchor_id: anchorId, attention: 0 });
      setUnfollowed((current) => new Set(current).add(anchorId));
    } catch {
      // The API client shows the server's message.
    }
  };

  return (
    <LoadView announceFailure state={state} failed={followsCopy.failed} onRetry={retry}>
      {(result) => {
        const items = liveFirst(result.list).filter((item) => !unfollowed.has(item.anchor.anchor_id));
        if (items.length === 0) return <Muted>{followsCopy.empty}</Muted>;
        return (
          <>
            <PlainList aria-label={followsCopy.list} data-testid="follow-list">
              {items.map(({ anchor, room }) => {
                const avatar = safeImage(anchor.avatar);
                const live = room?.is_live === 1;
                return (
                  <li key={anchor.anchor_id} data-testid="follow-item" data-live={live}>
                    {avatar && <img src={avatar} alt={commonCopy.avatarOf(anchor.user_nickname)} loading="lazy" />}
                    <a href={`#/about-user?id=${anchor.anchor_id}`}>{anchor.user_nickname}</a>
                    {room ? (
                      <>
                        <span>{live ? commonCopy.live : commonCopy.offline}</span>
                        {live && <span>{commonCopy.viewers(room.online + ONLINE_COUNT_BONUS)}</span>}
                        <a href={`#/live?id=${room.room_id}`}>{followsCopy.enterRoom(anchor.user_nickname)}</a>
                      </>
                    ) : (
                      <span>{followsCopy.noRoom}</span>
                    )}
                    <Button type="button" onClick={() => void unfollow(anchor.anchor_id)}>
                      {followsCopy.unfollow(anchor.user_nickname)}
                    </Button>
                  </li>
                );
              })}
            </PlainList>
            <Pager page={page} total={result.total} pageSize={MEMBER_LIST_PAGE_SIZE} onPage={setPage} />
          </>
        );
      }}
    </LoadView>
  );
}
