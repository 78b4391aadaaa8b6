import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatMessages,
  ChatSession,
  guestIdAtom,
  systemConfigAtom,
  userInfoAtom,
  type ChatSendResult,
  type RemoteContext,
} from '@sports/shared';
import type { DanmakuItem } from '../danmaku/DanmakuOverlay';
import { DEFAULT_GUEST_NICKNAME_PREFIX, roomDependencies } from '../roomDependencies';

/** Danmaku kept for the overlay (it only launches new ids; older ones have landed long ago). */
const DANMAKU_KEPT = 100;

export interface RoomChat {
  send: (text: string, kind: 'text' | 'danmaku') => Promise<ChatSendResult>;
  /** Danmaku seen since the room opened, oldest first, for the overlay. */
  danmaku: DanmakuItem[];
  /** The name this viewer chats under: the member's nickname, or the guest prefix + guest id. */
  myName: string;
  /** The chat user id of this viewer (own messages are marked; no mute button on them). */
  myChatId: string | null;
  dismissNotices: () => void;
}

/**
 * The room's chat for React: one ChatSession (@sports/shared) per room and identity, started on
 * mount and stopped on unmount or when the user logs in or out (the identity changes). The
 * session writes the SPEC atoms (messageList, zhubo_messagelist, zhushou_messagelist, onLine);
 * this hook adds the danmaku feed and the viewer's own name.
 */
export function useRoomChat(context: RemoteContext, groupId: string | null): RoomChat {
  const config = useAtomValue(systemConfigAtom);
  const user = useAtomValue(userInfoAtom);
  const guestId = useAtomValue(guestIdAtom);
  const session = useRef<ChatSession | null>(null);
  const [danmaku, setDanmaku] = useState<DanmakuItem[]>([]);
  const [myChatId, setMyChatId] = useState<string | null>(null);
  const prefix = config?.im.guestNicknamePrefix ?? DEFAULT_GUEST_NICKNAME_PREFIX;
  const provider = config?.im.provider ?? 'builtin';
  const userKey = user ? `member:${user.id ?? user.user_nickname}` : 'guest';

  useEffect(() => {
    if (!groupId) return;
    const client = roomDependencies.createChatClient(context.store.get(systemConfigAtom));
    const current = new ChatSession({ store: context.store, api: context.api, client, groupId, guestNicknamePrefix: prefix });
    session.current = current;
    setDanmaku([]);
    const stopListening = current.onMessage((message) => {
      if (message.kind !== 'danmaku') return;
      const mine = message.from.userId === current.chatIdentity?.userId;
      setDanmaku((list) => [...list, { id: message.id, text: message.text, mine }].slice(-DANMAKU_KEPT));
    });
    void current.start().then(() => setMyChatId(current.chatIdentity?.userId ?? null));
    return () => {
      stopListening();
      current.stop();
      if (session.current === current) session.current = null;
      setMyChatId(null);
    };
  }, [context.store, context.api, groupId, prefix, provider, userKey]);

  const send = useCallback(async (text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> => {
    const current = session.current;
    if (!current) return { ok: false, refusal: { code: 'not-logged-in', message: chatMessages.notLoggedIn } };
    try {
      return await current.send(text, kind);
    } catch {
      return { ok: false, refusal: { code: 'failed', message: chatMessages.sendFailed } };
    }
  }, []);

  const dismissNotices = useCallback(() => session.current?.dismissSystemNotices(), []);
  const myName = user ? user.user_nickname : guestId ? prefix + guestId : '';
  return { send, danmaku, myName, myChatId, dismissNotices };
}
