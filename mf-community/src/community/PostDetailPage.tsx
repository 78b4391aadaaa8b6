import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { LoadView, Muted, PagePanel, RemotePageFrame, useLoad, userInfoAtom, type Post, type RemotePageProps } from '@sports/shared';
import { communityApi } from '../api/communityApi';
import { commentPageCopy, detailCopy } from './communityCopy';
import { CommentsSection } from './CommentsSection';
import { postCommentThread } from './commentThread';
import { postIdFromQuery } from './format';
import { PostCard } from './PostCard';

/**
 * #/circle-detail?id=: the post (`api/anchor_dynamics/info`; hidden or deleted: not found) and
 * its comments with folded replies. #/comment?id= (SPEC.md's comment page, `only = 'comments'`)
 * is the same post's full comment thread for deep links: a one-line summary of the post
 * linking back here, then the comments.
 */
export function PostPage({ context, location, only }: RemotePageProps & { only?: 'comments' }) {
  const id = postIdFromQuery(location.query.id);
  const me = useAtomValue(userInfoAtom);
  const api = communityApi(context.api);
  const post = useLoad(id === null ? null : `post-${id}-${me?.id ?? 'guest'}`, () => api.info(id ?? 0));
  const page = only === 'comments' ? 'comment' : 'circle-detail';
  const title = only === 'comments' ? commentPageCopy.title : detailCopy.title;

  return (
    <RemotePageFrame remote="mf-community" page={page} title={title} aside={<a href="#/circle">{detailCopy.back}</a>}>
      {id === null ? (
        <Muted data-testid="post-bad-id">{detailCopy.badId}</Muted>
      ) : (
        <LoadView state={post.state} failed={detailCopy.failed} onRetry={post.retry} announceFailure>
          {(loaded) => <PostView key={loaded.id} initial={loaded} context={context} only={only} />}
        </LoadView>
      )}
    </RemotePageFrame>
  );
}

function PostView({ initial, context, only }: { initial: Post; context: RemotePageProps['context']; only?: 'comments' }) {
  const [post, setPost] = useState(initial);
  const [removed, setRemoved] = useState(false);
  useEffect(() => setPost(initial), [initial]);

  if (removed)
    return (
      <PagePanel>
        <Muted role="status" data-testid="post-removed">
          {detailCopy.failed} <a href="#/circle">{detailCopy.back}</a>
        </Muted>
      </PagePanel>
    );

  return (
    <>
      {only === 'comments' ? (
        <PagePanel aria-label={commentPageCopy.post}>
          <Muted data-testid="comment-page-post">
            {post.author.nickname}：{[...post.text].slice(0, 60).join('')} <a href={`#/circle-detail?id=${post.id}`}>{commentPageCopy.back}</a>
          </Muted>
        </PagePanel>
      ) : (
        <PagePanel aria-label={detailCopy.title}>
          <PostCard post={post} context={context} linkToDetail={false} onChange={setPost} onRemoved={() => setRemoved(true)} />
        </PagePanel>
      )}
      <PagePanel>
        <CommentsSection context={context} thread={postCommentThread(context.api, post.id)} count={post.comment_count} onCount={(count) => setPost((now) => ({ ...now, comment_count: count }))} />
      </PagePanel>
    </>
  );
}

export default function PostDetailPage(props: RemotePageProps) {
  return <PostPage {...props} />;
}
