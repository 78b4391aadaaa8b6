import { Badge, Button, ChinaTime, MediaThumbCard, MediaThumbList, Muted, PagePanel, sharedMessages, type RemoteContext, type Replay } from '@sports/shared';
import { useCursorList } from '@sports/shared/pageKit';
import { memberApi, replayHref } from '../api/memberApi';
import { safeImage } from '../ui/format';

export const replayListCopy = {
  heading: '直播回放',
  empty: '还没有直播回放',
  failed: '回放加载失败',
  more: '加载更多',
  moreLoading: '加载中…',
  moreFailed: '加载失败，请重试',
  hidden: '已隐藏',
  recording: '直播中',
  open: (title: string) => `看回放：${title}`,
  untitled: '直播回放',
  length: (ms: number) => {
    const minutes = Math.round(ms / 60_000);
    return minutes >= 60 ? `${Math.floor(minutes / 60)}小时${String(minutes % 60).padStart(2, '0')}分` : `${minutes}分钟`;
  },
} as const;

function ReplayItem({ replay }: { replay: Replay }) {
  const title = replay.title || replayListCopy.untitled;
  const watchable = replay.status === 'ready' || replay.status === 'hidden';
  return (
    <MediaThumbCard
      href={watchable ? replayHref(replay.id) : null}
      label={replayListCopy.open(title)}
      thumbUrl={safeImage(replay.thumb_url)}
      title={title}
      cardProps={{ 'data-testid': 'replay-item', 'data-replay-id': replay.id, 'data-status': replay.status }}
      meta={
        <>
          <ChinaTime at={replay.started_at} />
          <span>{replayListCopy.length(replay.duration_ms)}</span>
          {replay.status === 'hidden' && <Badge tone="warning">{replayListCopy.hidden}</Badge>}
          {replay.status === 'recording' && <Badge tone="live">{replayListCopy.recording}</Badge>}
        </>
      }
    />
  );
}

/**
 * An anchor's replays on their public page (`api/Live/replayList?anchor_id=`, newest first, 加载更多
 * by keyset cursor), each leading to its replay page (`#/clip?replay=`); the anchor also sees the
 * ones they hid. Nothing is shown for an anchor with none yet (an empty note).
 */
export function ReplayListSection({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const replays = useCursorList<Replay>(`replays:${anchorId}`, (cursor) => memberApi(context.api).replaysOfAnchor(anchorId, cursor));
  const state = replays.state;
  return (
    <PagePanel aria-labelledby="user-replays-heading" data-testid="user-replays">
      <h2 id="user-replays-heading">{replayListCopy.heading}</h2>
      {state.status === 'loading' && <Muted role="status">{sharedMessages.loading}</Muted>}
      {state.status === 'failed' && (
        <Muted role="alert">
          {replayListCopy.failed}{' '}
          <Button onClick={replays.retry}>{sharedMessages.retry}</Button>
        </Muted>
      )}
      {state.status === 'ready' &&
        (state.items.filter((replay) => replay.status !== 'failed').length === 0 ? (
          <Muted>{replayListCopy.empty}</Muted>
        ) : (
          <>
            <MediaThumbList $layout="grid" aria-label={replayListCopy.heading}>
              {state.items
                .filter((replay) => replay.status !== 'failed')
                .map((replay) => (
                  <ReplayItem key={replay.id} replay={replay} />
                ))}
            </MediaThumbList>
            {state.more === 'failed' && <span role="alert">{replayListCopy.moreFailed}</span>}
            {state.cursor !== null && (
              <Button disabled={state.more === 'loading'} onClick={replays.loadMore}>
                {state.more === 'loading' ? replayListCopy.moreLoading : replayListCopy.more}
              </Button>
            )}
          </>
        ))}
    </PagePanel>
  );
}
