import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  COMMENT_REMOVED_TEXT,
  COMMENT_TEXT_MAX,
  Field,
  Muted,
  RelativeChinaTime,
  requireLogin,
  sharedMessages,
  TextArea,
  userInfoAtom,
  type RemoteContext,
} from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import type { CommentThreadApi, ThreadComment as PostComment, ThreadReply as PostCommentReply } from './commentThread';
import { circleCopy, detailCopy, postCopy } from './communityCopy';
import { safeImage } from './format';
import { Actions, AuthorLine, Body, Level } from './PostCard';
import { ReportAction } from './ReportAction';

const Thread = styled.li`
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  list-style: none;
`;

const Replies = styled.ul`
  margin: 8px 0 0 20px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.background};

  li {
    list-style: none;
    padding: 4px 0;
  }
`;

/** A comment box's layout (inside a plain <form>). */
const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 8px 0;

  textarea {
    width: 100%;
    min-height: 56px;
  }
`;

/** Under the box: the counter, send, cancel and a refusal on one line. */
const FormActions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  font-size: ${({ theme }) => theme.font.small};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding-top: 8px;
`;

function refusal(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== null && error.message !== '' ? error.message : fallback;
}

/** A comment box (a new comment, or a reply when `replyTo` names one); sends and hands the answer back. */
function CommentForm({
  context,
  thread,
  replyTo,
  label,
  submitLabel,
  onSent,
  onCancel,
}: {
  context: RemoteContext;
  thread: CommentThreadApi;
  replyTo?: number;
  label: string;
  submitLabel: string;
  onSent: (comment: PostComment) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = [...text].length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin(context) || busy) return;
    const body = text.trim();
    if (body === '' || length > COMMENT_TEXT_MAX) return;
    setBusy(true);
    setError(null);
    thread
      .comment(body, replyTo)
      .then(
        (comment) => {
          setBusy(false);
          setText('');
          onSent(comment);
        },
        (failure) => {
          setBusy(false);
          setError(refusal(failure, detailCopy.sendFailed));
        },
      );
  };

  return (
    <form onSubmit={submit} data-testid={replyTo === undefined ? 'comment-form' : 'reply-form'}>
      <Stack>
        <Field id={id} label={label}>
          {(control) => (
            <TextArea {...control} data-testid={replyTo === undefined ? 'comment-input' : 'reply-input'} value={text} maxLength={COMMENT_TEXT_MAX * 2} onChange={(event) => setText(event.target.value)} />
          )}
        </Field>
        <FormActions>
          <span>{detailCopy.counter(length)}</span>
          <Button type="submit" variant="primary" data-testid={replyTo === undefined ? 'comment-submit' : 'reply-submit'} disabled={busy || text.trim() === '' || length > COMMENT_TEXT_MAX}>
            {busy ? detailCopy.sending : submitLabel}
          </Button>
          {onCancel && (
            <Button onClick={onCancel}>
              {detailCopy.cancel}
            </Button>
          )}
          {error !== null && <span role="alert">{error}</span>}
        </FormActions>
      </Stack>
    </form>
  );
}

/** One comment or reply: author, text (a reply names whom it answers), like, 回复, 举报, 删除 (own, after a confirm). */
function CommentBody({
  context,
  thread,
  comment,
  onChange,
  onRemoved,
  onReply,
}: {
  context: RemoteContext;
  thread: CommentThreadApi;
  comment: PostCommentReply;
  onChange: (comment: PostCommentReply) => void;
  onRemoved: (commentCount: number | undefined) => void;
  onReply: () => void;
}) {
  const api = thread;
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const author = comment.author;
  const avatar = safeImage(author?.avatar);

  const toggleLike = () => {
    if (busy || !requireLogin(context)) return;
    setBusy(true);
    setFailed(null);
    api.commentLike(comment.id, comment.liked_by_me ? 0 : 1).then(
      (result) => {
        setBusy(false);
        onChange({ ...comment, liked_by_me: result.liked, like_count: result.like_count });
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
    api.removeComment(comment.id).then(
      (result) => {
        setBusy(false);
        setConfirming(false);
        onRemoved(result.comment_count);
      },
      () => {
        setBusy(false);
        setFailed(postCopy.removeFailed);
      },
    );
  };

  return (
    <div data-testid="comment" data-comment-id={comment.id} data-removed={comment.removed}>
      <AuthorLine>
        {author === null ? (
          <span>{detailCopy.removedAuthor}</span>
        ) : (
          <>
            {avatar !== undefined && <img src={avatar} alt="" />}
            <a href={`#/about-user?id=${author.id}`}>{author.nickname}</a>
            <Level>{postCopy.level(author.level)}</Level>
          </>
        )}
        <RelativeChinaTime at={comment.created_at} data-testid="comment-time" />
      </AuthorLine>
      <Body data-testid="comment-text">
        {comment.reply_to !== null && comment.reply_to.nickname !== '' && comment.reply_to.comment_id !== comment.root_id && detailCopy.answering(comment.reply_to.nickname)}
        {comment.removed ? COMMENT_REMOVED_TEXT : comment.text}
      </Body>
      {!comment.removed && (
        <Actions>
          <Button variant="ghost" data-testid="comment-like" aria-pressed={comment.liked_by_me} disabled={busy} onClick={toggleLike}>
            {comment.liked_by_me ? postCopy.liked : postCopy.like}
          </Button>
          <span data-testid="comment-like-count">{postCopy.likeCount(comment.like_count)}</span>
          <Button variant="ghost" data-testid="comment-reply" onClick={() => requireLogin(context) && onReply()}>
            {detailCopy.reply}
          </Button>
          <ReportAction context={context} kind="comment" targetId={comment.id} />
          {comment.is_mine &&
            (confirming ? (
              <span role="group" aria-label={detailCopy.removeConfirm}>
                {detailCopy.removeConfirm}{' '}
                <Button data-testid="comment-remove-confirm" disabled={busy} onClick={remove}>
                  {detailCopy.removeYes}
                </Button>{' '}
                <Button disabled={busy} onClick={() => setConfirming(false)}>
                  {detailCopy.removeNo}
                </Button>
              </span>
            ) : (
              <Button variant="ghost" data-testid="comment-remove" onClick={() => setConfirming(true)}>
                {detailCopy.remove}
              </Button>
            ))}
          {failed !== null && <span role="alert">{failed}</span>}
        </Actions>
      )}
    </div>
  );
}

/** A top comment, its folded replies, 展开更多回复 (the thread's replies by `root_id`, oldest first, by cursor), and a reply box. */
function CommentThread({
  context,
  thread,
  comment,
  onChange,
  onCount,
}: {
  context: RemoteContext;
  thread: CommentThreadApi;
  comment: PostComment;
  onChange: (comment: PostComment | null) => void;
  onCount: (change: number | { exact: number }) => void;
}) {
  const api = thread;
  const [replying, setReplying] = useState<PostCommentReply | null>(null);
  // null: only the folded replies are shown; a string or 'end': unfolded, the next cursor.
  const [unfolded, setUnfolded] = useState<{ cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const hiddenReplies = comment.reply_count - comment.replies.length;
  const canUnfold = unfolded === null ? hiddenReplies > 0 : unfolded.cursor !== null;

  const unfold = () => {
    if (loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    const cursor = unfolded?.cursor ?? undefined;
    api.replies(comment.id, cursor).then(
      (page) => {
        setLoadingMore(false);
        setUnfolded({ cursor: page.next_cursor });
        const known = unfolded === null ? [] : comment.replies;
        const seen = new Set(known.map((reply) => reply.id));
        onChange({ ...comment, replies: [...known, ...page.list.filter((reply) => !seen.has(reply.id))] });
      },
      () => {
        setLoadingMore(false);
        setMoreFailed(true);
      },
    );
  };

  const replyRemoved = (reply: PostCommentReply, count: number | undefined) => {
    const replies = comment.replies.filter((item) => item.id !== reply.id);
    const replyCount = Math.max(comment.reply_count - 1, 0);
    // A removed top comment whose last reply goes leaves the list.
    onChange(comment.removed && replyCount === 0 ? null : { ...comment, replies, reply_count: replyCount });
    onCount(count === undefined ? -1 : { exact: count });
  };

  const sent = (reply: PostComment) => {
    setReplying(null);
    const { reply_count: _count, replies: _replies, ...plain } = reply;
    onChange({ ...comment, replies: [...comment.replies, plain], reply_count: comment.reply_count + 1 });
    onCount(1);
  };

  return (
    <Thread data-testid="comment-thread" data-comment-id={comment.id}>
      <CommentBody
        context={context}
        thread={thread}
        comment={comment}
        onChange={(next) => onChange({ ...comment, ...next })}
        onRemoved={(count) => {
          onChange(comment.reply_count > 0 ? { ...comment, removed: true, author: null, text: COMMENT_REMOVED_TEXT, is_mine: false } : null);
          onCount(count === undefined ? -1 : { exact: count });
        }}
        onReply={() => setReplying(comment)}
      />
      {comment.replies.length > 0 && (
        <Replies aria-label={detailCopy.reply} data-testid="comment-replies">
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody
                context={context}
                thread={thread}
                comment={reply}
                onChange={(next) => onChange({ ...comment, replies: comment.replies.map((item) => (item.id === next.id ? next : item)) })}
                onRemoved={(count) => replyRemoved(reply, count)}
                onReply={() => setReplying(reply)}
              />
            </li>
          ))}
        </Replies>
      )}
      {canUnfold && (
        <More>
          <Button data-testid="comment-more-replies" disabled={loadingMore} onClick={unfold}>
            {loadingMore ? detailCopy.moreRepliesLoading : detailCopy.moreReplies(comment.reply_count)}
          </Button>
          {moreFailed && <span role="alert">{circleCopy.moreFailed}</span>}
        </More>
      )}
      {replying !== null && (
        <CommentForm
          context={context}
          thread={thread}
          replyTo={replying.id}
          label={detailCopy.replyLabel(replying.author?.nickname ?? '')}
          submitLabel={detailCopy.replySend}
          onSent={sent}
          onCancel={() => setReplying(null)}
        />
      )}
    </Thread>
  );
}

/**
 * A thread's comments (a post's `api/anchor_dynamics/commentList`, an article's
 * `api/Headlines/commentList`: `thread`, see commentThread.ts): the box for a new comment, top
 * comments oldest first with their first replies folded in and 展开更多回复, 加载更多 by cursor,
 * likes, 回复, 举报 and deleting one's own. `onCount` keeps the subject's comment count right (+1
 * per comment or reply, the server's count after a delete).
 */
export function CommentsSection({
  context,
  thread,
  count,
  onCount,
}: {
  context: RemoteContext;
  thread: CommentThreadApi;
  count: number;
  onCount: (count: number) => void;
}) {
  const me = useAtomValue(userInfoAtom);
  const list = useCursorList<PostComment>(`comments:${thread.key}:${me?.id ?? 'guest'}`, (cursor) => thread.comments(cursor));
  const state = list.state;
  const changeCount = (change: number | { exact: number }) => onCount(typeof change === 'number' ? Math.max(count + change, 0) : change.exact);

  return (
    <section aria-labelledby="comments-heading" data-testid="comments">
      <h2 id="comments-heading" data-testid="comments-heading">
        {detailCopy.commentsHeading(count)}
      </h2>
      <CommentForm
        context={context}
        thread={thread}
        label={detailCopy.writeLabel}
        submitLabel={detailCopy.send}
        onSent={(comment) => {
          // Oldest first: a new comment belongs at the end; shown now when the last page is here.
          // Sent before the list's first page came (a quick tap on a phone): that page may predate
          // the comment, so it is asked again.
          if (state.status === 'ready') list.update((items) => (state.cursor === null ? [...items, comment] : items));
          else list.retry();
          changeCount(1);
        }}
      />
      {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
      {state.status === 'failed' && (
        <Muted role="alert">
          {detailCopy.commentsFailed}{' '}
          <Button onClick={list.retry}>
            {sharedMessages.retry}
          </Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <Muted data-testid="comments-empty">{detailCopy.commentsEmpty}</Muted>
        ) : (
          <ul aria-label={detailCopy.commentsHeading(count)} data-testid="comment-list">
            {state.items.map((comment) => (
              <CommentThread
                key={comment.id}
                context={context}
                thread={thread}
                comment={comment}
                onChange={(next) =>
                  list.update((items) => (next === null ? items.filter((item) => item.id !== comment.id) : items.map((item) => (item.id === comment.id ? next : item))))
                }
                onCount={changeCount}
              />
            ))}
          </ul>
        ))}
      {state.status === 'ready' && (state.cursor !== null || state.more === 'failed') && (
        <More>
          {state.more === 'failed' && <span role="alert">{circleCopy.moreFailed}</span>}
          {state.cursor !== null && (
            <Button data-testid="comments-more" disabled={state.more === 'loading'} onClick={list.loadMore}>
              {state.more === 'loading' ? circleCopy.moreLoading : circleCopy.more}
            </Button>
          )}
        </More>
      )}
    </section>
  );
}
