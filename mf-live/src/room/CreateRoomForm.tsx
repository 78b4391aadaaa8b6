import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, PagePanel, ROOM_TITLE_MAX, Select, TextInput, type OwnLiveRoom, type RemoteContext, type RoomType } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { liveTypeLabels, ownerCopy } from '../messages';

/** The form's layout (inside a plain <form>): labels and fields in two columns. */
const Grid = styled.div`
  display: grid;
  grid-template-columns: max-content minmax(0, 360px);
  gap: 10px 12px;
  align-items: center;
`;

const ROOM_TYPES: RoomType[] = [1, 2, 3, 4];

/** An anchor without a room creates one (`POST api/Live/createRoom`): a title and a type. */
export interface CreateRoomFormProps {
  context: RemoteContext;
  onCreated: (room: OwnLiveRoom) => void;
}

export function CreateRoomForm({ context, onCreated }: CreateRoomFormProps) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState<RoomType>(4);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const titleId = useId();
  const typeId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError(ownerCopy.titleRequired);
      return;
    }
    setError('');
    setBusy(true);
    try {
      const room = await liveApi(context.api).createRoom({ title: trimmed, type });
      context.eventBus.emit('toast', { kind: 'success', message: ownerCopy.created, durationMs: 2_000 });
      onCreated(room);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PagePanel aria-labelledby={`${titleId}-heading`}>
      <h2 id={`${titleId}-heading`}>{ownerCopy.createTitle}</h2>
      <p>{ownerCopy.createHint}</p>
      <form onSubmit={submit} aria-label={ownerCopy.createTitle} data-testid="create-room-form" noValidate>
        <Grid>
          <label htmlFor={titleId}>{ownerCopy.title}</label>
          <TextInput id={titleId} value={title} maxLength={ROOM_TITLE_MAX} required aria-invalid={error ? true : undefined} onChange={(event) => setTitle(event.target.value)} />
          <label htmlFor={typeId}>{ownerCopy.type}</label>
          <Select id={typeId} value={type} onChange={(event) => setType(Number(event.target.value) as RoomType)}>
            {ROOM_TYPES.map((value) => (
              <option key={value} value={value}>
                {liveTypeLabels[value]}
              </option>
            ))}
          </Select>
          <span />
          <Button type="submit" variant="primary" disabled={busy}>
            {ownerCopy.create}
          </Button>
        </Grid>
      </form>
      {error && <p role="alert">{error}</p>}
    </PagePanel>
  );
}
