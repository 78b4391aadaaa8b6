import { useState } from 'react';
import styled from 'styled-components';
import { Button, CLIP_TITLE_MAX, Field, Muted, PERSON_CLIP_SECONDS, TextInput, type Clip, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { clipCopy, clipHref } from './clipCopy';

/** A plain <form> in a layout div (the kit's rule: no styled form). */
const Box = styled.div`
  form {
    display: flex;
    flex-direction: column;
    gap: 10px;
    padding: 4px 0;
  }

  p {
    margin: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
    font-weight: bold;
  }
`;

export interface ClipComposerProps {
  context: RemoteContext;
  roomId: number;
  /** The room is live: only then is there something to clip. */
  live: boolean;
}

/**
 * 剪辑 in the room's bar (a logged-in viewer, an admin, the anchor): the room's last
 * PERSON_CLIP_SECONDS, an optional title, 确认剪辑 → `POST api/Clip/create`; then a toast and,
 * here, the link to the clip's page (the clip is still being cut: its page says so until ready).
 * The server's refusals (too many clips, the room is not live) are shown by the API client.
 */
export function ClipComposer({ context, roomId, live }: ClipComposerProps) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Clip | null>(null);
  const trimmed = title.trim();
  const tooLong = [...trimmed].length > CLIP_TITLE_MAX;

  const submit = async () => {
    if (busy || tooLong || !live) return;
    setBusy(true);
    try {
      const clip = await liveApi(context.api).clipCreate(roomId, trimmed === '' ? undefined : trimmed);
      setMade(clip);
      setTitle('');
      context.eventBus.emit('toast', { kind: 'success', message: clipCopy.clipDone, durationMs: 3_000 });
    } catch {
      // Shown by the API client (rate limit, not live, the disk is full…).
    } finally {
      setBusy(false);
    }
  };

  if (made) {
    return (
      <Box data-testid="clip-made">
        <form onSubmit={(event) => event.preventDefault()}>
          <p role="status">{clipCopy.clipDone}</p>
          <a href={clipHref(made.id)}>{clipCopy.clipOpen}</a>
          <Button onClick={() => setMade(null)}>{clipCopy.clipAgain}</Button>
        </form>
      </Box>
    );
  }
  return (
    <Box>
    <form
      aria-label={clipCopy.clipTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{clipCopy.clipHint(PERSON_CLIP_SECONDS)}</p>
      {!live && <Muted role="status">{clipCopy.clipNotLive}</Muted>}
      <Field label={clipCopy.clipName} hint={`${[...trimmed].length}/${CLIP_TITLE_MAX}`} error={tooLong ? clipCopy.titleTooLong(CLIP_TITLE_MAX) : null}>
        {(control) => <TextInput {...control} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={CLIP_TITLE_MAX * 2} autoComplete="off" />}
      </Field>
      <Button type="submit" variant="primary" disabled={busy || tooLong || !live} data-testid="clip-confirm">
        {busy ? clipCopy.clipping : clipCopy.clipConfirm}
      </Button>
    </form>
    </Box>
  );
}
