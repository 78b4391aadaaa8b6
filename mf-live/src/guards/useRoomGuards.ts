import { useAtomValue } from 'jotai';
import { useLoad, userInfoAtom, type GuardRoomList, type LoadState, type MyGuard, type RemoteContext } from '@sports/shared';
import { guardApi } from './guardApi';

export interface RoomGuards {
  state: LoadState<GuardRoomList>;
  /** The viewer's guard in the room (null: none, a visitor, or not loaded yet). */
  mine: MyGuard | null;
  /** Quietly asks again (after a purchase). */
  reload: () => void;
  retry: () => void;
}

/** The room's guards and the viewer's own (`api/Guard/roomList`), asked again when the viewer signs in or out. */
export function useRoomGuards(context: RemoteContext, roomId: number): RoomGuards {
  const user = useAtomValue(userInfoAtom);
  const { state, reload, retry } = useLoad(`guards:${roomId}:${user?.id ?? 0}`, () => guardApi(context.api).roomList(roomId));
  return { state, mine: state.status === 'ready' ? state.data.mine : null, reload, retry };
}
