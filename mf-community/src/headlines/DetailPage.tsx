import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  LoadView,
  MediaThumbCard,
  MediaThumbList,
  Muted,
  PagePanel,
  RemotePageFrame,
  requireLogin,
  useLoad,
  type Clip,
  type HeadlineDetail,
  type HeadlineRelatedMatch,
  type RemotePageProps,
} from '@sports/shared';
import { headlinesApi, idFromQuery } from '../api/headlinesApi';
import { CommentsSection } from '../community/CommentsSection';
import { ReportAction } from '../community/ReportAction';
import { ArticleBody } from './ArticleBody';
import { headlineCommentThread } from './headlineCommentsApi';
import { formatDateTime, siteImage } from './format';
import { detailCopy } from './headlinesCopy';

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.hero};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

const Cover = styled.img`
  width: 100%;
  max-height: 420px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Plain = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 6px 0;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    li {
      padding: 0;
    }
    a {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
  }
`;

const Small = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

/** `#/clip?id=`: the clip's page (mf-live's route), where it plays and is shared. */
function clipHref(clip: Clip): string {
  return `#/clip?id=${clip.id}`;
}

/**
 * A match report's clips (`HeadlineDetail.clips`: read by the server when the article is opened,
 * so a clip cut after full time is there and a deleted or hidden one is not): each a thumbnail
 * and its title leading to the clip's page, where it plays. Data rendered as React text, never HTML.
 */
function ReportClips({ clips }: { clips: Clip[] }) {
  const playable = clips.filter((clip) => clip.status === 'ready' && clip.video_url !== null);
  if (playable.length === 0) return null;
  return (
    <PagePanel aria-labelledby="headline-clips-heading">
      <h2 id="headline-clips-heading">{detailCopy.clips}</h2>
      <MediaThumbList $layout="grid" aria-label={detailCopy.clips} data-testid="headline-clips">
        {playable.map((clip) => (
          <MediaThumbCard
            key={clip.id}
            href={clipHref(clip)}
            thumbUrl={siteImage(clip.thumb_url)}
            title={clip.title}
            tag={detailCopy.clipTags[clip.kind]}
            label={detailCopy.watchClip(clip.title)}
            cardProps={{ 'data-clip-id': clip.id }}
            linkTestId="headline-clip"
          />
        ))}
      </MediaThumbList>
    </PagePanel>
  );
}

function matchText(match: HeadlineRelatedMatch): string {
  return `${match.home} ${match.score ?? 'vs'} ${match.away}`;
}

/**
 * #/detail?id=: an article (`api/Headlines/detail`): title, category, author, time, views, cover,
 * the body (server-rendered safe HTML, see ArticleBody), a match report's clips (本场回放:
 * thumbnails leading to #/clip?id=), related matches linking to
 * score-detail, a like toggle and 举报 (a guest is asked to log in by the host's modal), and the
 * comments: the circle's `CommentsSection` over the article's calls (`headlineCommentThread`:
 * list, composer, replies, likes, delete, report). Opening it records the read once
 * (`api/Headlines_user/insert`), whose answer is the view count shown.
 */
export default function DetailPage({ context, location }: RemotePageProps) {
  const id = idFromQuery(location.query.id);
  const api = headlinesApi(context.api);
  const detail = useLoad(id === null ? null : `headline-${id}`, () => api.detail(id ?? 0));

  return (
    <RemotePageFrame remote="mf-community" page="detail" title={detailCopy.title} aside={<a href="#/news">{detailCopy.backToNews}</a>}>
      {id === null ? (
        <Muted data-testid="detail-bad-id">{detailCopy.badId}</Muted>
      ) : (
        <LoadView state={detail.state} failed={detailCopy.failed} onRetry={detail.retry} announceFailure>
          {(article) => <ArticleView key={article.id} article={article} context={context} />}
        </LoadView>
      )}
    </RemotePageFrame>
  );
}

function ArticleView({ article, context }: { article: HeadlineDetail; context: RemotePageProps['context'] }) {
  const api = headlinesApi(context.api);
  const [views, setViews] = useState(article.view_count);
  const [like, setLike] = useState({ liked: article.liked, count: article.like_count, busy: false, failed: false });
  const [commentCount, setCommentCount] = useState(article.comment_count);
  // One adapter per article: the comment list keys its cache by it.
  const [thread] = useState(() => headlineCommentThread(context.api, article.id));
  const cover = siteImage(article.cover);

  // Records the read once per opening; the answer's count includes it (or not, within the server's 30 min window).
  useEffect(() => {
    let current = true;
    api.read(article.id).then(
      (result) => current && setViews(result.view_count),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Once per article: `api` is rebuilt every render, the call must not be.
  }, [article.id]);

  const toggleLike = () => {
    if (like.busy || !requireLogin(context)) return;
    setLike((now) => ({ ...now, busy: true, failed: false }));
    api.like(article.id).then(
      (result) => setLike({ liked: result.liked, count: result.like_count, busy: false, failed: false }),
      () => setLike((now) => ({ ...now, busy: false, failed: true })),
    );
  };

  return (
    <Article data-testid="headline-article" data-headline-id={article.id}>
      <PagePanel>
        <h2 data-testid="headline-title">{article.title}</h2>
        <Meta>
          <span>{article.category_name}</span>
          <span>{detailCopy.by(article.author)}</span>
          <time dateTime={article.published_at}>{detailCopy.publishedAt(formatDateTime(article.published_at))}</time>
          <span data-testid="headline-views">{detailCopy.views(views)}</span>
        </Meta>
      </PagePanel>
      {cover !== undefined && <Cover src={cover} alt="" data-testid="headline-cover" />}
      <PagePanel>
        <ArticleBody html={article.body_html} label={detailCopy.body} />
        <Actions>
          <Button variant="ghost" data-testid="headline-like" aria-pressed={like.liked} disabled={like.busy} onClick={toggleLike}>
            {like.liked ? detailCopy.liked : detailCopy.like}
          </Button>
          <span data-testid="headline-likes">{detailCopy.likeCount(like.count)}</span>
          {like.failed && <span role="alert">{detailCopy.likeFailed}</span>}
          <ReportAction context={context} kind="headline" targetId={article.id} />
        </Actions>
      </PagePanel>
      {article.clips.length > 0 && <ReportClips clips={article.clips} />}
      {article.related_matches.length > 0 && (
        <PagePanel aria-labelledby="headline-related-heading">
          <h2 id="headline-related-heading">{detailCopy.related}</h2>
          <Plain data-testid="headline-related">
            {article.related_matches.map((match) => (
              <li key={match.id}>
                <a href={`#/score-detail?id=${match.id}`}>{matchText(match)}</a>{' '}
                <Small>
                  {match.score === null ? `${detailCopy.notStarted} · ` : ''}
                  {formatDateTime(match.start_time)}
                </Small>
              </li>
            ))}
          </Plain>
        </PagePanel>
      )}
      <PagePanel>
        <CommentsSection context={context} thread={thread} count={commentCount} onCount={setCommentCount} />
      </PagePanel>
    </Article>
  );
}
