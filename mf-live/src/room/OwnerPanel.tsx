import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, PagePanel, ROOM_PLACARD_MAX, ROOM_TITLE_MAX, TextArea, TextInput, Toolbar, type LiveRoomInfo, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { commonCopy, ownerCopy } from '../messages';
import { OwnerSchedulesPanel } from './OwnerSchedulesPanel';
import { PushAddressPanel } from './PushAddressPanel';
import { RoomAdminsPanel } from './RoomAdminsPanel';
import { RoomCategoryForm } from './RoomCategoryForm';
import { RoomCoverUpload } from './RoomCoverUpload';
import { StreamHealthPanel } from './StreamHealthPanel';
import { ClipOffsetControl } from '../clips/ClipOffsetControl';
import { MedalNameControl } from '../medals/MedalNameControl';

/** One setting's row (inside a plain <form>): label, field, save. */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 12px;

  input,
  textarea {
    flex: 1;
    min-width: 200px;
  }
`;

const TOAST_MS = 2_000;

export interface OwnerPanelProps {
  context: RemoteContext;
  room: LiveRoomInfo;
  /** After an action: refresh room info (open state, title, placard). */
  onChanged: (changes: Partial<LiveRoomInfo>) => void;
  /** A scheduled broadcast was added or deleted (the page's list of them reloads). */
  onSchedulesChanged?: () => void;
}

/**
 * The anchor's controls for their own room: open/close, title, placard, push address; category
 * and cover, admins, scheduled broadcasts, the clips' feed-to-stream offset (each its own component).
 */
export function OwnerPanel({ context, room, onChanged, onSchedulesChanged }: OwnerPanelProps) {
  const api = liveApi(context.api);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState(room.title);
  const [placard, setPlacard] = useState(room.placard);
  const titleId = useId();
  const placardId = useId();
  const toast = (message: string) => context.eventBus.emit('toast', { kind: 'success', message, durationMs: TOAST_MS });

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch {
      // The API client has shown why (SPEC.md section 8).
    } finally {
      setBusy(false);
    }
  };

  const toggleOpen = () =>
    run(async () => {
      const updated = room.is_open === 1 ? await api.endRoom(room.room_id) : await api.startRoom(room.room_id);
      onChanged({ is_open: updated.is_open, stream_status: updated.stream_status, is_live: updated.is_live });
      toast(updated.is_open === 1 ? ownerCopy.started : ownerCopy.ended);
    });

  const saveTitle = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      context.eventBus.emit('toast', { kind: 'warning', message: ownerCopy.titleRequired, durationMs: TOAST_MS });
      return;
    }
    void run(async () => {
      const updated = await api.setTitle(room.room_id, trimmed);
      onChanged({ title: updated.title });
      toast(commonCopy.saved);
    });
  };

  const savePlacard = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const updated = await api.setPlacard(room.room_id, placard.trim());
      onChanged({ placard: updated.placard });
      toast(commonCopy.saved);
    });
  };

  return (
    <PagePanel aria-label={ownerCopy.panel} data-testid="owner-panel">
      <h2>{ownerCopy.panel}</h2>
      <Toolbar>
        <Button variant={room.is_open === 1 ? 'secondary' : 'primary'} data-testid={room.is_open === 1 ? 'end-room' : 'start-room'} disabled={busy} onClick={() => void toggleOpen()}>
          {room.is_open === 1 ? ownerCopy.end : ownerCopy.start}
        </Button>
        <PushAddressPanel context={context} />
      </Toolbar>
      <StreamHealthPanel context={context} roomId={room.room_id} />
      <form onSubmit={saveTitle}>
        <Row>
          <label htmlFor={titleId}>{ownerCopy.title}</label>
          <TextInput id={titleId} value={title} maxLength={ROOM_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
          <Button type="submit" disabled={busy}>
            {ownerCopy.saveTitle}
          </Button>
        </Row>
      </form>
      <form onSubmit={savePlacard}>
        <Row>
          <label htmlFor={placardId}>{ownerCopy.placard}</label>
          <TextArea id={placardId} rows={2} value={placard} maxLength={ROOM_PLACARD_MAX} onChange={(event) => setPlacard(event.target.value)} />
          <Button type="submit" disabled={busy}>
            {ownerCopy.savePlacard}
          </Button>
        </Row>
      </form>
      <ClipOffsetControl context={context} roomId={room.room_id} />
      <MedalNameControl context={context} anchorId={room.anchor.anchor_id} />
      <RoomCategoryForm context={context} roomId={room.room_id} type={room.type} onChanged={onChanged} />
      <RoomCoverUpload context={context} roomId={room.room_id} cover={room.cover} onChanged={onChanged} />
      <RoomAdminsPanel context={context} roomId={room.room_id} />
      <OwnerSchedulesPanel context={context} roomId={room.room_id} roomType={room.type} onChanged={onSchedulesChanged} />
    </PagePanel>
  );
}
