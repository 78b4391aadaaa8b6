import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { messageListAtom, useLoad, userInfoAtom, type GuardRoomList, type LoadState, type MyGuard, type RemoteContext } from '@sports/shared';
import { guardApi } from './guardApi';
import { isGuardPurchaseLine } from './guardEntry';

/** After a purchase is heard in the chat, the list asks again this long later (several purchases, one request). */
export const GUARD_LIST_RELOAD_DELAY_MS = 1_000;

export interface RoomGuards {
  state: LoadState<GuardRoomList>;
  /** The viewer's guard in the room (null: none, a visitor, or not loaded yet). */
  mine: MyGuard | null;
  /** Quietly asks again (after a purchase). */
  reload: () => void;
  retry: () => void;
}

/**
 * The room's guards and the viewer's own (`api/Guard/roomList`), asked again when the viewer signs
 * in or out, and shortly after a purchase line arrives in the room's chat (anyone's purchase).
 */
export function useRoomGuards(context: RemoteContext, roomId: number): RoomGuards {
  const user = useAtomValue(userInfoAtom);
  const { state, reload, retry } = useLoad(`guards:${roomId}:${user?.id ?? 0}`, () => guardApi(context.api).roomList(roomId));
  const messages = useAtomValue(messageListAtom);
  const lastPurchase = messages.findLast(isGuardPurchaseLine)?.id ?? null;
  useEffect(() => {
    if (lastPurchase === null) return;
    const timer = setTimeout(reload, GUARD_LIST_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastPurchase, reload]);
  return { state, mine: state.status === 'ready' ? state.data.mine : null, reload, retry };
}
