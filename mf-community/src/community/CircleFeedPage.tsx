import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  FEED_VIEWS,
  Muted,
  PagePanel,
  RemotePageFrame,
  requireLogin,
  sharedMessages,
  Tabs,
  useLoad,
  userInfoAtom,
  type FeedView,
  type Post,
  type RemotePageProps,
} from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { communityApi } from '../api/communityApi';
import { circleCopy, composerCopy } from './communityCopy';
import { Composer } from './Composer';
import { postIdFromQuery } from './format';
import { PostList } from './PostList';

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 8px;
`;

/** A topic chip: a toggle button (pressed while its topic is shown), rounded. */
const Chip = styled(Button)`
  padding: 4px 12px;
  border-radius: 999px;
`;

function viewOf(value: string | undefined): FeedView {
  return (FEED_VIEWS as readonly string[]).includes(value ?? '') ? (value as FeedView) : 'latest';
}

/**
 * #/circle: the feed (`api/anchor_dynamics/list`) in three views (最新 / 热门 / 关注, the last
 * for members), topic chips (`api/anchor_dynamics/topics`), 加载更多 by keyset cursor, and the
 * composer for members (a guest gets a login button). `?view=` and `?topic_id=` open a view or
 * topic directly.
 */
export default function CircleFeedPage({ context, location }: RemotePageProps) {
  const api = communityApi(context.api);
  const me = useAtomValue(userInfoAtom);
  const topics = useLoad('community-topics', () => api.topics());
  const [view, setView] = useState<FeedView>(viewOf(location.query.view));
  const [topicId, setTopicId] = useState<number | null>(postIdFromQuery(location.query.topic_id));
  const [posted, setPosted] = useState(0);
  // A topic or view link followed while on the page (a post's #话题#) moves the tabs with it.
  useEffect(() => setTopicId(postIdFromQuery(location.query.topic_id)), [location.query.topic_id]);
  useEffect(() => setView(viewOf(location.query.view)), [location.query.view]);
  const needsLogin = view === 'following' && !me;
  const key = needsLogin ? null : `${view}:${topicId ?? 'all'}:${me?.id ?? 'guest'}:${posted}`;
  const feed = useCursorList<Post>(key, (cursor) => api.feed(view, topicId, cursor));
  const topicList = topics.state.status === 'ready' ? topics.state.data : [];

  const onPosted = (post: Post) => {
    // The newest post leads 最新 of its topic (or all); elsewhere reload so the order is the server's.
    if (view === 'latest' && (topicId === null || topicId === post.topic?.id)) feed.update((items) => [post, ...items.filter((item) => item.id !== post.id)]);
    else setPosted((count) => count + 1);
  };

  return (
    <RemotePageFrame remote="mf-community" page="circle" title={circleCopy.title}>
      <PagePanel aria-label={composerCopy.heading}>
        {me ? (
          <Composer context={context} topics={topicList} onPosted={onPosted} />
        ) : (
          <Muted>
            {composerCopy.loginHint}{' '}
            <Button variant="primary" data-testid="circle-login" onClick={() => requireLogin(context)}>
              {composerCopy.login}
            </Button>
          </Muted>
        )}
      </PagePanel>
      <PagePanel aria-label={circleCopy.feed}>
        <Tabs
          label={circleCopy.viewsLabel}
          items={FEED_VIEWS.map((key) => ({ key, label: circleCopy.views[key] }))}
          selected={view}
          onSelect={setView}
          tabTestId={(key) => `circle-view-${key}`}
        >
          {topics.state.status === 'failed' && <Muted>{circleCopy.topicsFailed}</Muted>}
          <Chips role="group" aria-label={circleCopy.topicsLabel} data-testid="circle-topics">
            <Chip aria-pressed={topicId === null} onClick={() => setTopicId(null)}>
              {circleCopy.allTopics}
            </Chip>
            {topicList.map((topic) => (
              <Chip key={topic.id} aria-pressed={topicId === topic.id} data-testid={`circle-topic-${topic.id}`} onClick={() => setTopicId(topic.id)}>
                {topic.name}
              </Chip>
            ))}
          </Chips>
          {needsLogin ? (
            <Muted data-testid="circle-following-login">
              {circleCopy.followingLogin}{' '}
              <Button onClick={() => requireLogin(context)}>
                {composerCopy.login}
              </Button>
            </Muted>
          ) : (
            <PostList
              context={context}
              list={feed}
              label={circleCopy.feed}
              empty={view === 'following' ? circleCopy.followingEmpty : circleCopy.empty}
              testId="circle-feed"
              loading={sharedMessages.loading}
            />
          )}
        </Tabs>
      </PagePanel>
    </RemotePageFrame>
  );
}
