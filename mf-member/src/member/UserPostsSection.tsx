import { useState } from 'react';
import styled from 'styled-components';
import { Muted, PagePanel, RelativeChinaTime, sharedMessages, Button, type Post, type RemoteContext } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { postsApi } from '../api/postsApi';
import { safeImage } from '../ui/format';

export const userPostsCopy = {
  mine: '我的动态',
  theirs: 'TA的动态',
  emptyMine: '还没有发布动态，去圈子说点什么吧',
  emptyTheirs: '还没有发布动态',
  toCircle: '去圈子',
  failed: '动态加载失败',
  more: '加载更多',
  moreLoading: '加载中…',
  moreFailed: '加载失败，请重试',
  imagesOnly: '[图片]',
  counts: (likes: number, comments: number) => `${likes} 赞 · ${comments} 评论`,
  topic: (name: string) => `#${name}#`,
  remove: '删除',
  removeConfirm: '确定删除这条动态？',
  removeYes: '确定删除',
  removeNo: '取消',
  removeFailed: '删除失败，请重试',
} as const;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  p a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

const Thumbs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;

  img {
    width: 64px;
    height: 64px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.small};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

function PostRow({ post, context, onRemoved }: { post: Post; context: RemoteContext; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const images = post.images.map((url) => safeImage(url)).filter((url): url is string => url !== undefined);

  const remove = () => {
    setBusy(true);
    setFailed(false);
    postsApi(context.api)
      .remove(post.id)
      .then(onRemoved, () => {
        setBusy(false);
        setFailed(true);
      });
  };

  return (
    <li data-testid="user-post" data-post-id={post.id}>
      <p>
        <a href={`#/circle-detail?id=${post.id}`}>{post.text === '' ? userPostsCopy.imagesOnly : post.text}</a>
      </p>
      {images.length > 0 && (
        <Thumbs>
          {images.map((url) => (
            <img key={url} src={url} alt="" loading="lazy" />
          ))}
        </Thumbs>
      )}
      <Meta>
        <RelativeChinaTime at={post.created_at} data-testid="user-post-time" />
        {post.topic !== null && <span>{userPostsCopy.topic(post.topic.name)}</span>}
        <span data-testid="user-post-counts">{userPostsCopy.counts(post.like_count, post.comment_count)}</span>
        {post.is_mine &&
          (confirming ? (
            <span role="group" aria-label={userPostsCopy.removeConfirm}>
              {userPostsCopy.removeConfirm}{' '}
              <Button type="button" data-testid="user-post-remove-confirm" disabled={busy} onClick={remove}>
                {userPostsCopy.removeYes}
              </Button>{' '}
              <Button type="button" disabled={busy} onClick={() => setConfirming(false)}>
                {userPostsCopy.removeNo}
              </Button>
            </span>
          ) : (
            <Button type="button" data-testid="user-post-remove" onClick={() => setConfirming(true)}>
              {userPostsCopy.remove}
            </Button>
          ))}
        {failed && <span role="alert">{userPostsCopy.removeFailed}</span>}
      </Meta>
    </li>
  );
}

/**
 * A user's posts (`api/anchor_dynamics/userPostList`, newest first, 加载更多 by keyset cursor):
 * `userId` null is my space (mine, with 删除 after a confirm), else about-user. Text is React
 * text; each post links to #/circle-detail.
 */
export function UserPostsSection({ context, userId }: { context: RemoteContext; userId: number | null }) {
  const [reloads, setReloads] = useState(0);
  const posts = useCursorList<Post>(`user-posts:${userId ?? 'me'}:${reloads}`, (cursor) => postsApi(context.api).userPosts(userId, cursor));
  const state = posts.state;
  const heading = userId === null ? userPostsCopy.mine : userPostsCopy.theirs;

  return (
    <PagePanel aria-labelledby="user-posts-heading">
      <h2 id="user-posts-heading">{heading}</h2>
      {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
      {state.status === 'failed' && (
        <Muted role="alert">
          {userPostsCopy.failed}{' '}
          <Button type="button" onClick={posts.retry}>
            {sharedMessages.retry}
          </Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <Muted data-testid="user-posts-empty">
            {userId === null ? (
              <>
                {userPostsCopy.emptyMine} <a href="#/circle">{userPostsCopy.toCircle}</a>
              </>
            ) : (
              userPostsCopy.emptyTheirs
            )}
          </Muted>
        ) : (
          <>
            <List aria-label={heading} data-testid="user-posts">
              {state.items.map((post) => (
                <PostRow key={post.id} post={post} context={context} onRemoved={() => setReloads((count) => count + 1)} />
              ))}
            </List>
            {state.more === 'failed' && <span role="alert">{userPostsCopy.moreFailed}</span>}
            {state.cursor !== null && (
              <Button type="button" data-testid="user-posts-more" disabled={state.more === 'loading'} onClick={posts.loadMore}>
                {state.more === 'loading' ? userPostsCopy.moreLoading : userPostsCopy.more}
              </Button>
            )}
          </>
        ))}
    </PagePanel>
  );
}
