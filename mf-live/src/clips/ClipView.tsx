import { useEffect, useRef, useState } from 'react';
import { Badge, Button, ChinaTime, CLIP_TITLE_MAX, Field, LoadView, Muted, PagePanel, RemotePageFrame, TextInput, useLoad, type Clip, type RemoteContext } from '@sports/shared';
import { liveApi, LIVE_PATHS } from '../api/liveApi';
import { ClipPlayer, clipStillThere } from './ClipPlayer';
import { ClipReport } from './ClipReport';
import { CLIP_KIND_TITLES, clipCopy, clipHref, roomHref } from './clipCopy';
import { MediaActions, MediaFacts, MediaPageLayout } from './mediaPageUi';
import { useBusyAction } from './useBusyAction';

/** While a clip is being cut, its page asks again this often. */
export const CLIP_CUTTING_POLL_MS = 3_000;

/** One answer of `api/Clip/info`, asked quietly: a clip that is not there is a page of its own, not a toast. */
type ClipAnswer = { found: true; clip: Clip } | { found: false };

async function loadClip(context: RemoteContext, clipId: number): Promise<ClipAnswer> {
  const answer = await context.api.envelope<Clip>({ method: 'GET', url: LIVE_PATHS.clipInfo, params: { id: clipId } });
  return answer.code === 200 && answer.data ? { found: true, clip: answer.data } : { found: false };
}

/** The address anyone can open (guests included): this page's own address, on /h5 the phone site's. */
export function shareUrl(clipId: number, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}${clipHref(clipId)}`;
}

/**
 * The clip page (`#/clip?id=`, also on /h5): the player, the title, its kind and match minute, the
 * match, the anchor with a link to the room, the time (China time), 复制链接; its owner (creator or
 * the room's anchor: `can_edit`) renames and deletes it; 举报 once the moderation contract lists clips.
 */
export function ClipView({ context, clipId }: { context: RemoteContext; clipId: number }) {
  const { state, retry, reload, setState } = useLoad(`clip:${clipId}`, () => loadClip(context, clipId));
  const [deleted, setDeleted] = useState(false);
  const cutting = state.status === 'ready' && state.data.found && state.data.clip.status === 'cutting';
  useEffect(() => {
    if (!cutting) return;
    const timer = setInterval(reload, CLIP_CUTTING_POLL_MS);
    return () => clearInterval(timer);
  }, [cutting, reload]);
  const title = state.status === 'ready' && state.data.found && !deleted ? state.data.clip.title : clipCopy.page;

  return (
    <RemotePageFrame remote="mf-live" page="clip" title={title}>
      <LoadView announceFailure state={state} failed={clipCopy.loadFailed} onRetry={retry}>
        {(answer) => {
          if (!answer.found) return <Muted role="status">{clipCopy.notFound}</Muted>;
          if (deleted) return <Muted role="status" data-testid="clip-removed">{clipCopy.removed}</Muted>;
          return (
            <ClipDetails
              context={context}
              clip={answer.clip}
              onRenamed={(clip) => setState({ status: 'ready', data: { found: true, clip } })}
              onDeleted={() => setDeleted(true)}
            />
          );
        }}
      </LoadView>
    </RemotePageFrame>
  );
}

function ClipDetails({ context, clip, onRenamed, onDeleted }: { context: RemoteContext; clip: Clip; onRenamed: (clip: Clip) => void; onDeleted: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    const url = shareUrl(clip.id);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(clipCopy.copied);
      context.eventBus.emit('toast', { kind: 'success', message: clipCopy.copied, durationMs: 2_000 });
    } catch {
      // No clipboard (an old browser, a page without permission): the address to copy by hand.
      setCopied(clipCopy.copyFailed(url));
    }
  };
  return (
    <MediaPageLayout data-testid="clip-page" data-clip-id={clip.id} data-status={clip.status}>
      {clip.status === 'ready' && clip.video_url ? (
        <ClipPlayer src={clip.video_url} poster={clip.thumb_url} title={clip.title} check={() => clipStillThere(context.api, clip.id)} />
      ) : clip.status === 'cutting' ? (
        <Muted role="status">{clipCopy.cutting}</Muted>
      ) : clip.status === 'ready' ? (
        // Ready without files: hidden by ops (only its creator and the room's anchor still get it).
        <Muted role="status" data-testid="clip-hidden">
          {clipCopy.hiddenByOps}
        </Muted>
      ) : (
        <Muted role="alert">{clipCopy.failed(clip.failure)}</Muted>
      )}
      <PagePanel aria-label={clipCopy.page}>
        <MediaFacts>
          <dt>{clipCopy.page}</dt>
          <dd>
            <Badge tone="live">{CLIP_KIND_TITLES[clip.kind]}</Badge> {clip.minute ?? ''}
          </dd>
          {clip.match_id !== null && (
            <>
              <dt>{clipCopy.match}</dt>
              <dd>
                <a href={`#/score-detail?id=${clip.match_id}`} data-testid="clip-match">
                  {clipCopy.toMatch}
                </a>
              </dd>
            </>
          )}
          <dt>{clipCopy.anchor}</dt>
          <dd>
            {clip.anchor.user_nickname}{' '}
            <a href={roomHref(clip.room_id)} data-testid="clip-room">
              {clipCopy.toRoom}
            </a>
          </dd>
          <dt>{clipCopy.createdAt}</dt>
          <dd>
            <ChinaTime at={clip.happened_at} />
          </dd>
          {clip.creator && (
            <>
              <dt>{clipCopy.creator}</dt>
              <dd>{clipCopy.byCreator(clip.creator.user_nickname)}</dd>
            </>
          )}
        </MediaFacts>
      </PagePanel>
      <MediaActions>
        <Button onClick={() => void copy()} data-testid="clip-copy-link">
          {clipCopy.copyLink}
        </Button>
        {copied && <span role="status">{copied}</span>}
        <ClipReport context={context} clipId={clip.id} />
      </MediaActions>
      {clip.can_edit === 1 && <OwnerActions context={context} clip={clip} onRenamed={onRenamed} onDeleted={onDeleted} />}
    </MediaPageLayout>
  );
}

/** The owner's 改标题 and 删除 (删除 asks first; focus moves to the question's answer). */
function OwnerActions({ context, clip, onRenamed, onDeleted }: { context: RemoteContext; clip: Clip; onRenamed: (clip: Clip) => void; onDeleted: () => void }) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [title, setTitle] = useState(clip.title);
  const { busy, run } = useBusyAction();
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const back = useRef<'rename' | 'delete' | null>(null);
  useEffect(() => {
    if (mode === 'delete') confirmRef.current?.focus();
    if (mode === 'idle' && back.current === 'rename') renameRef.current?.focus();
    if (mode === 'idle' && back.current === 'delete') deleteRef.current?.focus();
  }, [mode]);
  const close = (from: 'rename' | 'delete') => {
    back.current = from;
    setMode('idle');
    setError(null);
  };

  const save = async () => {
    const trimmed = title.trim();
    if (trimmed === '') return setError(clipCopy.titleEmpty);
    if ([...trimmed].length > CLIP_TITLE_MAX) return setError(clipCopy.titleTooLong(CLIP_TITLE_MAX));
    await run(async () => {
      const updated = await liveApi(context.api).clipUpdate(clip.id, trimmed);
      onRenamed(updated ?? { ...clip, title: trimmed });
      context.eventBus.emit('toast', { kind: 'success', message: clipCopy.renamed, durationMs: 2_000 });
      close('rename');
    });
  };
  const remove = () =>
    run(async () => {
      await liveApi(context.api).clipDelete(clip.id);
      context.eventBus.emit('toast', { kind: 'success', message: clipCopy.removed, durationMs: 2_000 });
      onDeleted();
    });

  if (mode === 'rename') {
    return (
      <MediaActions>
        <form
          aria-label={clipCopy.rename}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Field label={clipCopy.renameLabel} hint={`${[...title.trim()].length}/${CLIP_TITLE_MAX}`} error={error}>
            {(control) => <TextInput {...control} value={title} onChange={(event) => setTitle(event.target.value)} autoFocus autoComplete="off" data-testid="clip-title-input" />}
          </Field>
          <Button type="submit" variant="primary" disabled={busy}>
            {clipCopy.renameSave}
          </Button>
          <Button onClick={() => close('rename')}>{clipCopy.renameCancel}</Button>
        </form>
      </MediaActions>
    );
  }
  if (mode === 'delete') {
    return (
      <MediaActions role="group" aria-label={clipCopy.removeConfirm}>
        <span>{clipCopy.removeConfirm}</span>
        <Button ref={confirmRef} variant="primary" disabled={busy} onClick={() => void remove()} data-testid="clip-delete-confirm">
          {clipCopy.removeYes}
        </Button>
        <Button onClick={() => close('delete')}>{clipCopy.renameCancel}</Button>
      </MediaActions>
    );
  }
  return (
    <MediaActions>
      <Button ref={renameRef} onClick={() => setMode('rename')} data-testid="clip-rename">
        {clipCopy.rename}
      </Button>
      <Button ref={deleteRef} variant="ghost" onClick={() => setMode('delete')} data-testid="clip-delete">
        {clipCopy.remove}
      </Button>
    </MediaActions>
  );
}
