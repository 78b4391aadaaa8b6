import styled from 'styled-components';
import { Button, Muted, sharedMessages, type Post, type RemoteContext } from '@sports/shared';
import type { useCursorList } from '@sports/shared/pageKit';
import { circleCopy, postCopy } from './communityCopy';
import { PostCard } from './PostCard';

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding-top: 12px;
`;

/** A keyset list of posts: loading, failed with retry, empty, the cards, 加载更多; likes and deletes update the rows in place. */
export function PostList({
  context,
  list,
  label,
  empty,
  testId,
  loading = sharedMessages.loading,
}: {
  context: RemoteContext;
  list: ReturnType<typeof useCursorList<Post>>;
  label: string;
  empty: string;
  testId: string;
  loading?: string;
}) {
  const state = list.state;
  if (state.status === 'loading') return <Muted role="status">{loading}</Muted>;
  if (state.status === 'failed')
    return (
      <Muted role="alert">
        {circleCopy.failed}{' '}
        <Button onClick={list.retry}>
          {sharedMessages.retry}
        </Button>
      </Muted>
    );
  if (state.items.length === 0) return <Muted data-testid={`${testId}-empty`}>{empty}</Muted>;
  return (
    <>
      <div role="feed" aria-label={label} aria-busy={state.more === 'loading'} data-testid={testId}>
        {state.items.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            context={context}
            onChange={(next) => list.update((items) => items.map((item) => (item.id === next.id ? next : item)))}
            onRemoved={(gone) => {
              list.update((items) => items.filter((item) => item.id !== gone.id));
              context.eventBus.emit('toast', { kind: 'success', message: postCopy.removed, durationMs: 3_000 });
            }}
          />
        ))}
      </div>
      {(state.cursor !== null || state.more === 'failed') && (
        <More>
          {state.more === 'failed' && <span role="alert">{circleCopy.moreFailed}</span>}
          {state.cursor !== null && (
            <Button data-testid={`${testId}-more`} disabled={state.more === 'loading'} aria-busy={state.more === 'loading'} onClick={list.loadMore}>
              {state.more === 'loading' ? circleCopy.moreLoading : circleCopy.more}
            </Button>
          )}
        </More>
      )}
    </>
  );
}
