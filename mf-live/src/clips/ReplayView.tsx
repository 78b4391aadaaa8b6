import { useEffect, useRef, useState } from 'react';
import { Badge, Button, ChinaTime, LoadView, Muted, PagePanel, RemotePageFrame, useLoad, type RemoteContext, type Replay, type ReplayInfo } from '@sports/shared';
import { liveApi, LIVE_PATHS } from '../api/liveApi';
import type { StartEngine } from '../player/engines';
import { clipCopy, durationText, roomHref } from './clipCopy';
import { MediaActions, MediaFacts, MediaPageLayout } from './mediaPageUi';
import { useBusyAction } from './useBusyAction';
import { ReplayPlayer } from './ReplayPlayer';

type ReplayAnswer = { found: true; info: ReplayInfo } | { found: false };

/** `api/Live/replayInfo`, asked quietly: a replay that is gone is a page of its own, not a toast. */
async function loadReplay(context: RemoteContext, replayId: number): Promise<ReplayAnswer> {
  const answer = await context.api.envelope<ReplayInfo>({ method: 'GET', url: LIVE_PATHS.replayInfo, params: { id: replayId } });
  return answer.code === 200 && answer.data ? { found: true, info: answer.data } : { found: false };
}

/**
 * A broadcast's replay (`#/clip?replay=<id>`, the clip page's replay mode; also /h5): the VOD
 * playlist with the match's events on the seek bar, the anchor and room, when it was on air (China
 * time) and for how long; its anchor hides (隐藏: only they see it) or deletes it.
 */
export function ReplayView({ context, replayId, engine }: { context: RemoteContext; replayId: number; engine?: StartEngine }) {
  const { state, retry, setState } = useLoad(`replay:${replayId}`, () => loadReplay(context, replayId));
  const [deleted, setDeleted] = useState(false);
  const title = state.status === 'ready' && state.data.found && !deleted ? state.data.info.replay.title || clipCopy.replay : clipCopy.replay;
  return (
    <RemotePageFrame remote="mf-live" page="clip" title={title}>
      <LoadView announceFailure state={state} failed={clipCopy.loadFailed} onRetry={retry}>
        {(answer) => {
          if (!answer.found) return <Muted role="status">{clipCopy.replayNotFound}</Muted>;
          if (deleted) return <Muted role="status" data-testid="replay-removed">{clipCopy.replayDeleted}</Muted>;
          const { info } = answer;
          return (
            <ReplayDetails
              context={context}
              info={info}
              engine={engine}
              onChanged={(replay) => setState({ status: 'ready', data: { found: true, info: { ...info, replay } } })}
              onDeleted={() => setDeleted(true)}
            />
          );
        }}
      </LoadView>
    </RemotePageFrame>
  );
}

function ReplayDetails({ context, info, engine, onChanged, onDeleted }: { context: RemoteContext; info: ReplayInfo; engine?: StartEngine; onChanged: (replay: Replay) => void; onDeleted: () => void }) {
  const { replay } = info;
  const watchable = replay.status === 'ready' || replay.status === 'hidden';
  return (
    <MediaPageLayout data-testid="replay-page" data-replay-id={replay.id} data-status={replay.status}>
      {watchable ? (
        <ReplayPlayer playlistUrl={info.playlist_url} poster={replay.thumb_url} title={replay.title || clipCopy.replay} durationMs={replay.duration_ms} markers={info.markers} engine={engine} />
      ) : replay.status === 'recording' ? (
        <Muted role="status">{clipCopy.replayRecording}</Muted>
      ) : (
        <Muted role="alert">{replay.failure ?? clipCopy.replayFailed}</Muted>
      )}
      <PagePanel aria-label={clipCopy.replay}>
        <MediaFacts>
          <dt>{clipCopy.replay}</dt>
          <dd>{replay.status === 'hidden' ? <Badge tone="warning">{clipCopy.replayHidden}</Badge> : <Badge tone="info">{clipCopy.replay}</Badge>}</dd>
          <dt>{clipCopy.anchor}</dt>
          <dd>
            {replay.anchor.user_nickname}{' '}
            <a href={roomHref(replay.room_id)} data-testid="replay-room">
              {clipCopy.toRoom}
            </a>
          </dd>
          {replay.match_id !== null && (
            <>
              <dt>{clipCopy.match}</dt>
              <dd>
                <a href={`#/score-detail?id=${replay.match_id}`}>{clipCopy.toMatch}</a>
              </dd>
            </>
          )}
          <dt>{clipCopy.onAirAt}</dt>
          <dd>
            <ChinaTime at={replay.started_at} />
          </dd>
          <dt>{clipCopy.duration}</dt>
          <dd>{durationText(replay.duration_ms)}</dd>
        </MediaFacts>
      </PagePanel>
      {replay.can_edit === 1 && <ReplayOwnerActions context={context} replay={replay} onChanged={onChanged} onDeleted={onDeleted} />}
    </MediaPageLayout>
  );
}

/** The anchor's 隐藏 / 取消隐藏 and 删除回放 (asked first; focus on the answer, 取消 gives it back). */
export function ReplayOwnerActions({ context, replay, onChanged, onDeleted }: { context: RemoteContext; replay: Replay; onChanged: (replay: Replay) => void; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const { busy, run } = useBusyAction();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (asked.current) deleteRef.current?.focus();
  }, [asking]);
  const hidden = replay.status === 'hidden';
  const toast = (message: string) => context.eventBus.emit('toast', { kind: 'success', message, durationMs: 2_000 });

  const toggleHidden = () =>
    run(async () => {
      const answer = await liveApi(context.api).replayUpdate(replay.id, hidden ? 0 : 1);
      // The server's replay as it is now; its status alone when it answered nothing.
      onChanged(answer && typeof answer === 'object' ? answer : { ...replay, status: hidden ? 'ready' : 'hidden' });
      toast(hidden ? clipCopy.replayShown : clipCopy.replayHiddenDone);
    });
  const remove = () =>
    run(async () => {
      await liveApi(context.api).replayDelete(replay.id);
      toast(clipCopy.replayDeleted);
      onDeleted();
    });

  if (asking) {
    return (
      <MediaActions role="group" aria-label={clipCopy.replayDeleteConfirm}>
        <span>{clipCopy.replayDeleteConfirm}</span>
        <Button ref={confirmRef} variant="primary" disabled={busy} onClick={() => void remove()} data-testid="replay-delete-confirm">
          {clipCopy.removeYes}
        </Button>
        <Button onClick={() => setAsking(false)}>{clipCopy.renameCancel}</Button>
      </MediaActions>
    );
  }
  return (
    <MediaActions>
      {(replay.status === 'ready' || hidden) && (
        <Button aria-pressed={hidden} disabled={busy} onClick={() => void toggleHidden()} data-testid="replay-hide">
          {clipCopy.replayHide}
        </Button>
      )}
      <Button
        ref={deleteRef}
        variant="ghost"
        disabled={busy}
        onClick={() => {
          asked.current = true;
          setAsking(true);
        }}
        data-testid="replay-delete"
      >
        {clipCopy.replayDelete}
      </Button>
    </MediaActions>
  );
}
