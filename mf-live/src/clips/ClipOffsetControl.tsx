import { useEffect, useState } from 'react';
import { Button, CLIP_OFFSET_MAX_SECONDS, Field, TextInput, useLoad, type RemoteContext } from '@sports/shared';
import { ConsoleSetting } from '../ui/ConsoleSetting';
import { liveApi } from '../api/liveApi';
import { clipCopy } from './clipCopy';

/** A whole number of seconds within ±CLIP_OFFSET_MAX_SECONDS, else null. */
export function parseOffset(text: string): number | null {
  const trimmed = text.trim().replace('−', '-');
  if (!/^[+-]?\d{1,3}$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  return Math.abs(seconds) <= CLIP_OFFSET_MAX_SECONDS ? seconds : null;
}

/**
 * The anchor's feed-to-stream offset (回放时间校准, −60…60 s, default 0): when the score feed is
 * ahead of or behind the picture, later automatic clips are cut that many seconds later (or
 * earlier). Read from the anchor's own room (`api/Live/getRoomList`), saved with
 * `POST api/Live/setClipOffset`.
 */
export function ClipOffsetControl({ context, roomId }: { context: RemoteContext; roomId: number }) {
  const { state } = useLoad(`offset:${roomId}`, async () => (await liveApi(context.api).ownRooms()).find((room) => room.room_id === roomId)?.clip_offset_seconds ?? 0);
  const [text, setText] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const loaded = state.status === 'ready' ? state.data : null;
  useEffect(() => {
    if (loaded !== null) setText(String(loaded));
  }, [loaded]);

  const save = async () => {
    const seconds = parseOffset(text);
    if (seconds === null) {
      setError(clipCopy.offsetInvalid(CLIP_OFFSET_MAX_SECONDS));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await liveApi(context.api).setClipOffset(roomId, seconds);
      const now = answer?.clip_offset_seconds ?? seconds;
      setText(String(now));
      setSaved(clipCopy.offsetSaved(now));
      context.eventBus.emit('toast', { kind: 'success', message: clipCopy.offsetSaved(now), durationMs: 2_000 });
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConsoleSetting data-testid="clip-offset">
      <h3>{clipCopy.offset}</h3>
      <p>{clipCopy.offsetHint(CLIP_OFFSET_MAX_SECONDS)}</p>
      <form
        aria-label={clipCopy.offset}
        // Our own check, announced in the field (a browser's bubble is not read by every screen reader).
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label={clipCopy.offsetLabel} error={error}>
          {(control) => (
            <TextInput
              {...control}
              type="number"
              inputMode="numeric"
              min={-CLIP_OFFSET_MAX_SECONDS}
              max={CLIP_OFFSET_MAX_SECONDS}
              step={1}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSaved(null);
              }}
              data-testid="clip-offset-input"
            />
          )}
        </Field>
        <Button type="submit" disabled={busy || state.status === 'loading'} data-testid="clip-offset-save">
          {clipCopy.offsetSave}
        </Button>
        {saved && <span role="status">{saved}</span>}
      </form>
    </ConsoleSetting>
  );
}
