import { useState } from 'react';
import { Button, Field, TextInput, useLoad, type RemoteContext } from '@sports/shared';
import { FAN_MEDAL_NAME_MAX, FAN_MEDAL_NAME_MIN, fanMedalNameLength } from '@sports/shared/fanMedals';
import { ConsoleSetting } from '../ui/ConsoleSetting';
import { medalApi } from './medalApi';
import { medalCopy } from './medalCopy';

/** The current name, read when the setting is opened (`api/FanMedal/roomFans`, one row). */
function CurrentName({ context, anchorId, saved }: { context: RemoteContext; anchorId: number; saved: string | null }) {
  const { state } = useLoad(`medal-name:${anchorId}`, () => medalApi(context.api).roomFans(anchorId, undefined, 1));
  if (saved !== null) return <p>{medalCopy.nameCurrent(saved, true)}</p>;
  if (state.status !== 'ready') return null;
  return <p data-testid="medal-name-current">{medalCopy.nameCurrent(state.data.name, state.data.named === 1)}</p>;
}

/**
 * The anchor names their fan medal (粉丝勋章名称, 2-4 characters, through the server's word filter):
 * `POST api/FanMedal/setName`. Opened on demand in the anchor's console (the room's owner panel).
 */
export function MedalNameControl({ context, anchorId }: { context: RemoteContext; anchorId: number }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async () => {
    const name = text.trim();
    const length = fanMedalNameLength(name);
    if (length < FAN_MEDAL_NAME_MIN || length > FAN_MEDAL_NAME_MAX) {
      setError(medalCopy.nameInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await medalApi(context.api).setName(name);
      setSaved(result.name);
      setText(result.name);
      context.eventBus.emit('toast', { kind: 'success', message: medalCopy.nameSaved(result.name), durationMs: 2_000 });
    } catch {
      // The server's message (too long, refused by the word filter…) is shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConsoleSetting data-testid="medal-name">
      <h3>{medalCopy.nameSetting}</h3>
      {!open ? (
        <Button size="small" variant="secondary" onClick={() => setOpen(true)} data-testid="medal-name-open">
          {medalCopy.nameOpen}
        </Button>
      ) : (
        <>
          <CurrentName context={context} anchorId={anchorId} saved={saved} />
          <p>{medalCopy.nameHint}</p>
          <form
            aria-label={medalCopy.nameSetting}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Field label={medalCopy.nameLabel} error={error}>
              {(control) => <TextInput {...control} value={text} maxLength={16} onChange={(event) => setText(event.target.value)} data-testid="medal-name-input" />}
            </Field>
            <Button type="submit" disabled={busy} data-testid="medal-name-save">
              {medalCopy.nameSave}
            </Button>
          </form>
        </>
      )}
    </ConsoleSetting>
  );
}
