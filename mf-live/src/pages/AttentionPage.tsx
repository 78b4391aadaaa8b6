import { useState } from 'react';
import { LoadView, Muted, RemotePageFrame, Button, Tabs, useLoad, type AttentionItem, type RemoteContext, type RemotePageProps, useMemberOnly } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { liveApi, LIVE_LIST_PAGE_SIZE } from '../api/liveApi';
import { FollowedList } from '../follows/FollowedList';
import { FollowSuggestions } from '../follows/FollowSuggestions';
import { followsCopy } from '../follows/followsCopy';
import { attentionCopy, listCopy } from '../messages';
import { CardGrid, RoomCard } from '../ui/RoomCard';

/** The tabs of 我的关注, in order; `#/attention?tab=team` opens one. */
export const ATTENTION_TABS = [
  { key: 'anchor', label: followsCopy.tabAnchor },
  { key: 'team', label: followsCopy.tabTeam },
  { key: 'league', label: followsCopy.tabLeague },
  { key: 'player', label: followsCopy.tabPlayer },
] as const;
type TabKey = (typeof ATTENTION_TABS)[number]['key'];

const isTab = (value: string | undefined): value is TabKey => ATTENTION_TABS.some((tab) => tab.key === value);

/** Live ones first; the server's order (newest follow first) otherwise. */
function liveFirst(items: readonly AttentionItem[]): AttentionItem[] {
  const live = (item: AttentionItem) => item.room?.is_live === 1;
  return [...items.filter(live), ...items.filter((item) => !live(item))];
}

/** The 主播 tab: my followed anchors (`GET api/User/attentionList`) with each one's room and live state; unfollow. */
function AnchorFollows({ context, version, onFollowed }: { context: RemoteContext; version: number; onFollowed: () => void }) {
  const [page, setPage] = useState(1);
  const [unfollowed, setUnfollowed] = useState<ReadonlySet<number>>(new Set());
  const { state, retry } = useLoad(`${page}:${version}`, () => liveApi(context.api).attentionList(page));

  const unfollow = async (anchorId: number) => {
    try {
      await liveApi(context.api).attention({ anchor_id: anchorId, attention: 0 });
      setUnfollowed((current) => new Set(current).add(anchorId));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <LoadView announceFailure state={state} failed={attentionCopy.failed} onRetry={retry}>
      {(result) => {
        const items = liveFirst(result.list).filter((item) => !unfollowed.has(item.anchor.anchor_id));
        if (items.length === 0)
          return (
            <>
              <Muted>{attentionCopy.empty}</Muted>
              <FollowSuggestions context={context} kinds={['anchor']} onFollowed={onFollowed} />
            </>
          );
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
  );
}

/**
 * 我的关注 (issue 39 part 1): tabs 主播 / 球队 / 赛事 / 球员, members only. Anchors from
 * `api/User/attentionList`, the rest from `api/Follow/list?type=` (follows/FollowedList.tsx). An
 * empty tab suggests what to follow (follows/FollowSuggestions.tsx); following one reads the tab again.
 */
export default function AttentionPage({ context, location }: RemotePageProps) {
  const loggedIn = useMemberOnly(context);
  const [tab, setTab] = useState<TabKey>(isTab(location.query.tab) ? location.query.tab : 'anchor');
  // Bumped by a follow from a suggestion: the open tab reads its list again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((current) => current + 1);

  return (
    <RemotePageFrame remote="mf-live" page="attention" title={followsCopy.title}>
      {!loggedIn ? (
        <Muted>{attentionCopy.loginRequired}</Muted>
      ) : (
        <Tabs label={followsCopy.tabs} items={ATTENTION_TABS} selected={tab} onSelect={setTab} tabTestId={(key) => `attention-tab-${key}`}>
          {tab === 'anchor' ? (
            <AnchorFollows context={context} version={version} onFollowed={reload} />
          ) : (
            <FollowedList key={tab} context={context} type={tab} version={version} onFollowed={reload} />
          )}
        </Tabs>
      )}
    </RemotePageFrame>
  );
}
