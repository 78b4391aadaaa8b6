import { useState } from 'react';
import { LoadView, Button, useLoad, type RemoteContext, type RoomAdminList } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { adminCopy } from '../messages';
import { safeImage } from '../ui/RoomCard';
import { AdminPicker } from './AdminPicker';
import { ConsoleList, ConsoleNote, TOAST_MS } from './ownerConsoleUi';

export interface RoomAdminsPanelProps {
  context: RemoteContext;
  roomId: number;
}

/**
 * The room's admins (`GET api/tenxun/getRoomAdmin`) with a remove button each
 * (`setRoomAdmin … type=0`), and the picker that adds one from the anchor's followers, at most
 * `max` (the answer says how many): at the limit adding is disabled and the panel says why.
 */
export function RoomAdminsPanel({ context, roomId }: RoomAdminsPanelProps) {
  const admins = useLoad(`admins:${roomId}`, () => liveApi(context.api).roomAdmins(roomId));
  const [pending, setPending] = useState<number | null>(null);
  const show = (list: RoomAdminList) => admins.setState({ status: 'ready', data: list });

  const remove = async (userId: number, name: string) => {
    if (pending !== null) return;
    setPending(userId);
    try {
      show(await liveApi(context.api).setRoomAdmin(roomId, userId, 0));
      context.eventBus.emit('toast', { kind: 'success', message: adminCopy.removed(name), durationMs: TOAST_MS });
    } catch {
      // The API client has shown why (SPEC.md section 8).
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={`room-admins-${roomId}`} data-testid="room-admins">
      <h3 id={`room-admins-${roomId}`}>{adminCopy.heading}</h3>
      <LoadView state={admins.state} failed={adminCopy.failed} onRetry={admins.retry}>
        {(data) => {
          const full = data.list.length >= data.max;
          return (
            <>
              <ConsoleNote data-testid="admin-count">{adminCopy.count(data.list.length, data.max)}</ConsoleNote>
              {data.list.length === 0 ? (
                <ConsoleNote>{adminCopy.empty}</ConsoleNote>
              ) : (
                <ConsoleList aria-label={adminCopy.heading} data-testid="admin-list">
                  {data.list.map((admin) => {
                    const avatar = safeImage(admin.avatar);
                    return (
                      <li key={admin.user_id} data-testid="admin-item">
                        {avatar && <img src={avatar} alt={adminCopy.avatar(admin.user_nickname)} />}
                        <span className="grow">{admin.user_nickname}</span>
                        <Button
                          type="button"
                          data-testid="remove-admin"
                          aria-label={adminCopy.removeLabel(admin.user_nickname)}
                          disabled={pending !== null}
                          onClick={() => void remove(admin.user_id, admin.user_nickname)}
                        >
                          {adminCopy.remove}
                        </Button>
                      </li>
                    );
                  })}
                </ConsoleList>
              )}
              {full && (
                <ConsoleNote role="status" data-testid="admins-full">
                  {adminCopy.full(data.max)}
                </ConsoleNote>
              )}
              <AdminPicker context={context} roomId={roomId} adminIds={data.list.map((admin) => admin.user_id)} full={full} onChanged={show} />
            </>
          );
        }}
      </LoadView>
    </section>
  );
}
