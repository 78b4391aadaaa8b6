import { useState } from 'react';
import styled, { css } from 'styled-components';
import { Button, RelativeChinaTime, requireLogin, type Post, type RemoteContext } from '@sports/shared';
import { communityApi } from '../api/communityApi';
import { postCopy } from './communityCopy';
import { safeImage } from './format';
import { ReportAction } from './ReportAction';

/** On a phone, a row's links are 44 px touch targets. */
const phoneTapTargets = css`
  a {
    display: inline-flex;
    align-items: center;
    min-width: 44px;
    min-height: 44px;
  }
`;

export const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const AuthorLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};

  img {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.body};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    ${phoneTapTargets}
  }
`;

const Level = styled.span`
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.textInverse};
`;

export const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  a {
    color: inherit;
    text-decoration: none;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    font-size: 15px;
    line-height: 1.6;
    a {
      display: block;
      min-height: 44px;
    }
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 120px));
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.small};
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  font-size: ${({ theme }) => theme.font.small};

  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 4px 12px;
    font-size: ${({ theme }) => theme.font.body};
    ${phoneTapTargets}
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  font-size: ${({ theme }) => theme.font.small};

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 8px 12px;
    font-size: ${({ theme }) => theme.font.body};
    ${phoneTapTargets}
  }
`;

export { Level };

export interface PostCardProps {
  post: Post;
  context: RemoteContext;
  /** A like answered by the server (the list keeps the row in step). */
  onChange?: (post: Post) => void;
  /** The post was deleted by its author. */
  onRemoved?: (post: Post) => void;
  /** Link the text to the post page (lists); false on the post page itself. */
  linkToDetail?: boolean;
}

/**
 * One post: author (avatar, nickname, level) linking to about-user, time, the text as React
 * text, the image grid, topic, the linked match or room, like toggle with the server's count,
 * the comment count linking to the post page, 举报, and 删除 (own posts, after a confirm).
 */
export function PostCard({ post, context, onChange, onRemoved, linkToDetail = true }: PostCardProps) {
  const api = communityApi(context.api);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const avatar = safeImage(post.author.avatar);
  const images = post.images.map((url) => safeImage(url)).filter((url): url is string => url !== undefined);
  const detailHref = `#/circle-detail?id=${post.id}`;

  const toggleLike = () => {
    if (busy || !requireLogin(context)) return;
    setBusy(true);
    setFailed(null);
    api.like(post.id, post.liked_by_me ? 0 : 1).then(
      (result) => {
        setBusy(false);
        onChange?.({ ...post, liked_by_me: result.liked, like_count: result.like_count });
      },
      () => {
        setBusy(false);
        setFailed(postCopy.likeFailed);
      },
    );
  };

  const remove = () => {
    setBusy(true);
    setFailed(null);
    api.remove(post.id).then(
      () => {
        setBusy(false);
        setConfirming(false);
        onRemoved?.(post);
      },
      () => {
        setBusy(false);
        setFailed(postCopy.removeFailed);
      },
    );
  };

  return (
    <Card data-testid="post-card" data-post-id={post.id}>
      <AuthorLine>
        {avatar !== undefined && <img src={avatar} alt="" />}
        <a href={`#/about-user?id=${post.author.id}`} data-testid="post-author">
          {post.author.nickname}
        </a>
        <Level data-testid="post-level">{postCopy.level(post.author.level)}</Level>
        <RelativeChinaTime at={post.created_at} data-testid="post-time" />
      </AuthorLine>
      {post.text !== '' &&
        (linkToDetail ? (
          <Body data-testid="post-text">
            <a href={detailHref}>
              {post.text}
            </a>
          </Body>
        ) : (
          <Body data-testid="post-text">{post.text}</Body>
        ))}
      {images.length > 0 && (
        <Grid aria-label={postCopy.images} data-testid="post-images">
          {images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img src={url} alt={postCopy.imageAlt(index + 1)} loading="lazy" />
              </a>
            </li>
          ))}
        </Grid>
      )}
      {(post.topic !== null || post.match !== null || post.room !== null) && (
        <Links>
          {post.topic !== null && (
            <a href={`#/circle?topic_id=${post.topic.id}`} data-testid="post-topic">
              {postCopy.topic(post.topic.name)}
            </a>
          )}
          {post.match !== null && (
            <a href={`#/score-detail?id=${post.match.id}`} data-testid="post-match">
              {postCopy.match(post.match.home_team, post.match.away_team, post.match.home_score, post.match.away_score)}
            </a>
          )}
          {post.room !== null && (
            <a href={`#/live?id=${post.room.id}`} data-testid="post-room">
              {postCopy.room(post.room.title, post.room.anchor_nickname)}
            </a>
          )}
        </Links>
      )}
      <Actions>
        <Button variant="ghost" data-testid="post-like" aria-pressed={post.liked_by_me} disabled={busy} onClick={toggleLike}>
          {post.liked_by_me ? postCopy.liked : postCopy.like}
        </Button>
        <span data-testid="post-like-count">{postCopy.likeCount(post.like_count)}</span>
        <a href={detailHref} data-testid="post-comment-count">
          {postCopy.comments(post.comment_count)}
        </a>
        <ReportAction context={context} kind="post" targetId={post.id} />
        {post.is_mine &&
          (confirming ? (
            <span role="group" aria-label={postCopy.removeConfirm}>
              {postCopy.removeConfirm}{' '}
              <Button data-testid="post-remove-confirm" disabled={busy} onClick={remove}>
                {postCopy.removeYes}
              </Button>{' '}
              <Button disabled={busy} onClick={() => setConfirming(false)}>
                {postCopy.removeNo}
              </Button>
            </span>
          ) : (
            <Button variant="ghost" data-testid="post-remove" onClick={() => setConfirming(true)}>
              {postCopy.remove}
            </Button>
          ))}
        {failed !== null && <span role="alert">{failed}</span>}
      </Actions>
    </Card>
  );
}
