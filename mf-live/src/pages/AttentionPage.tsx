import { useState } from 'react';
import { LoadView, Muted, RemotePageFrame, Button, useLoad, type AttentionItem, type RemotePageProps, Pager, useMemberOnly } from '@sports/shared';
import { liveApi, LIVE_LIST_PAGE_SIZE } from '../api/liveApi';
import { attentionCopy, listCopy, pageCopy } from '../messages';
import { CardGrid, RoomCard } from '../ui/RoomCard';

/** Live ones first; the server's order (newest follow first) otherwise. */
function liveFirst(items: readonly AttentionItem[]): AttentionItem[] {
  const live = (item: AttentionItem) => item.room?.is_live === 1;
  return [...items.filter(live), ...items.filter((item) => !live(item))];
}

/** My follows (`GET api/User/attentionList`) with each anchor's room and live state; members only. */
export default function AttentionPage({ context }: RemotePageProps) {
  const loggedIn = useMemberOnly(context);
  const [page, setPage] = useState(1);
  const [unfollowed, setUnfollowed] = useState<ReadonlySet<number>>(new Set());
  const { state, retry } = useLoad(loggedIn ? String(page) : null, () => liveApi(context.api).attentionList(page));

  const unfollow = async (anchorId: number) => {
    try {
      await liveApi(context.api).attention({ anchor_id: anchorId, attention: 0 });
      setUnfollowed((current) => new Set(current).add(anchorId));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <RemotePageFrame remote="mf-live" page="attention" title={pageCopy.attention?.title ?? ''}>
      {!loggedIn ? (
        <Muted>{attentionCopy.loginRequired}</Muted>
      ) : (
        <LoadView announceFailure state={state} failed={attentionCopy.failed} onRetry={retry}>
          {(result) => {
            const items = liveFirst(result.list).filter((item) => !unfollowed.has(item.anchor.anchor_id));
            if (items.length === 0) return <Muted>{attentionCopy.empty}</Muted>;
            return (
              <>
                <CardGrid data-testid="attention-list">
                  {items.map((item) =>
                    item.room ? (
                      <RoomCard key={item.anchor.anchor_id} room={item.room} />
                    ) : (
                      <li key={item.anchor.anchor_id}>
                        {item.anchor.user_nickname} · {attentionCopy.noRoom}
                      </li>
                    ),
                  )}
                </CardGrid>
                <ul aria-label={attentionCopy.manage}>
                  {items.map((item) => (
                    <li key={item.anchor.anchor_id}>
                      {item.anchor.user_nickname} {item.room?.is_live === 1 ? listCopy.live : listCopy.offline}{' '}
                      <Button type="button" onClick={() => void unfollow(item.anchor.anchor_id)}>
                        {attentionCopy.unfollow} {item.anchor.user_nickname}
                      </Button>
                    </li>
                  ))}
                </ul>
                <Pager page={page} total={result.total} pageSize={LIVE_LIST_PAGE_SIZE} onPage={setPage} />
              </>
            );
          }}
        </LoadView>
      )}
    </RemotePageFrame>
  );
}
