import { useId, useState, type FormEvent } from 'react';
import { Button, type LiveRoomInfo, type RemoteContext, type RoomType } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { liveTypeLabels, roomSettingsCopy as copy } from '../messages';
import { ConsoleForm, TOAST_MS } from './ownerConsoleUi';

/** The room types (football, basketball, esports, general), as shared/src/schemas/live.ts has them. */
const ROOM_TYPES: readonly RoomType[] = [1, 2, 3, 4];

export interface RoomCategoryFormProps {
  context: RemoteContext;
  roomId: number;
  type: RoomType;
  onChanged: (changes: Partial<LiveRoomInfo>) => void;
}

/** The room's category (`GET api/Live/updateLive?room_id=&type=`): where the live list files it. */
export function RoomCategoryForm({ context, roomId, type, onChanged }: RoomCategoryFormProps) {
  const [choice, setChoice] = useState<RoomType>(type);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const headingId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const room = await liveApi(context.api).updateLive({ room_id: roomId, type: choice });
      onChanged({ type: room.type });
      context.eventBus.emit('toast', { kind: 'success', message: copy.categorySaved, durationMs: TOAST_MS });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.categoryHeading}</h3>
      <ConsoleForm onSubmit={(event) => void save(event)}>
        <label htmlFor={selectId}>{copy.category}</label>
        <select id={selectId} data-testid="room-category-select" value={choice} onChange={(event) => setChoice(Number(event.target.value) as RoomType)}>
          {ROOM_TYPES.map((value) => (
            <option key={value} value={value}>
              {liveTypeLabels[value]}
            </option>
          ))}
        </select>
        <Button type="submit" data-testid="save-room-category" disabled={busy || choice === type}>
          {copy.saveCategory}
        </Button>
      </ConsoleForm>
    </section>
  );
}
