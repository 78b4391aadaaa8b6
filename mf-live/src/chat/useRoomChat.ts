import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatMessages,
  guestIdAtom,
  systemConfigAtom,
  userInfoAtom,
  type ChatRoomState,
  type ChatSendRefusal,
  type ChatSendResult,
  type ChatSystemNotice,
  type ChatHorn,
  type RemoteContext,
} from '@sports/shared';
import { ChatSession } from '@sports/shared/chat';
import type { DanmakuItem } from '../danmaku/DanmakuOverlay';
import { giftOf, isFreshGift } from '../gifts/giftMessage';
import { RED_PACKET_EVENTS_KEPT, type RedPacketRoomEvent, redPacketEventOf } from '../redPackets/redPacketEvents';
import { lotteryEventAtom, lotteryEventOf } from '../lotteries/lotteryEvents';
import type { GiftEvent } from '../gifts/GiftLayer';
import { senderLevel } from '../ui/LevelBadge';
import { senderGuard } from '../guards/GuardBadge';
import { senderMedal } from '../medals/senderMedal';
import { DEFAULT_GUEST_NICKNAME_PREFIX, roomDependencies } from '../roomDependencies';
import { danmakuLookOf } from '../barrage/danmakuStyle';
import { recentKeyOfMessage } from '../barrage/recentKey';
import { predictionTallyAtom } from '../predictions/predictionTally';

/** Danmaku kept for the overlay (it only launches new ids; older ones have landed long ago). */
const DANMAKU_KEPT = 100;
/** Horns kept for the banner (it queues new ids only). */
const HORNS_KEPT = 20;
/** Fresh gifts kept for the animation layer (it only shows new ids). */
const GIFTS_KEPT = 50;

export interface RoomChat {
  send: (text: string, kind: 'text' | 'danmaku') => Promise<ChatSendResult>;
  /** Danmaku seen since the room opened, oldest first, for the overlay. */
  danmaku: DanmakuItem[];
  /** Gifts sent since the room opened (fresh gift lines: not the history a join answers), oldest first. */
  gifts: GiftEvent[];
  /** Horns heard since the room opened (every room hears them), oldest first. */
  horns: ChatHorn[];
  /** Red packet events heard since the room opened (fresh system lines: opened, grabbed, finished), oldest first (redPackets/). */
  redPackets: RedPacketRoomEvent[];
  /**
   * The name this viewer chats under: the member's nickname, or for a guest the guest prefix + guest
   * id once its chat account is there (the chat's own; the panel shows a guest a note instead).
   */
  myName: string;
  /** No member logged in: the server refuses this viewer's messages (登录后才能发言). */
  guest: boolean;
  /** The chat user id of this viewer (own messages are marked; no mute button on them). */
  myChatId: string | null;
  dismissNotices: () => void;
}

/** What the room hears from its chat besides messages. */
export interface RoomChatListeners {
  /** A new C2C system notice (muted, unmuted, made admin…), as it arrives. */
  onSystemNotice?: (notice: ChatSystemNotice) => void;
  /** A send the chat refused (muted, too fast…). */
  onSendRefused?: (refusal: ChatSendRefusal) => void;
  /**
   * The room's state changed (a system line with cloudCustomData.roomState: the push started,
   * dropped or resumed, the anchor opened or ended the room). Only fresh lines (ROOM_STATE_FRESH_MS):
   * the history a join answers with is older than the room info the page loaded. `sentAt`: when the
   * server said it (its clock), for the room to weigh it against what room info says.
   */
  onRoomState?: (roomState: ChatRoomState, sentAt: number) => void;
}

/** A state line older than this (by this browser's clock) is history, not news. */
export const ROOM_STATE_FRESH_MS = 30_000;

/**
 * The room's chat for React: one ChatSession (@sports/shared) per room and identity, started on
 * mount and stopped on unmount or when the user logs in or out (the identity changes). The
 * session writes the SPEC atoms (messageList, zhubo_messagelist, zhushou_messagelist, onLine);
 * this hook adds the danmaku feed and the viewer's own name.
 */
export function useRoomChat(context: RemoteContext, groupId: string | null, listeners: RoomChatListeners = {}): RoomChat {
  const config = useAtomValue(systemConfigAtom);
  const user = useAtomValue(userInfoAtom);
  const guestId = useAtomValue(guestIdAtom);
  const session = useRef<ChatSession | null>(null);
  // The latest listeners, without restarting the session when they change.
  const listenersRef = useRef(listeners);
  listenersRef.current = listeners;
  const [danmaku, setDanmaku] = useState<DanmakuItem[]>([]);
  const [gifts, setGifts] = useState<GiftEvent[]>([]);
  const [horns, setHorns] = useState<ChatHorn[]>([]);
  const [redPackets, setRedPackets] = useState<RedPacketRoomEvent[]>([]);
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
    setGifts([]);
    const stopListening = current.onMessage((message) => {
      // A prediction's tallies (issue 35): the 竞猜 panel applies them (predictions/predictionTally.ts).
      const tally = message.from.role === 'system' ? message.cloudCustomData.prediction : undefined;
      if (tally !== undefined) return context.store.set(predictionTallyAtom, tally);
      const roomState = message.from.role === 'system' ? message.cloudCustomData.roomState : undefined;
      if (roomState !== undefined && Date.now() - message.sentAt <= ROOM_STATE_FRESH_MS) listenersRef.current.onRoomState?.(roomState, message.sentAt);
      // A lottery opened, drawn or cancelled (issue 35): the 天选 panel reads its list again (lotteries/lotteryEvents.ts).
      const lottery = lotteryEventOf(message, Date.now());
      if (lottery !== null) {
        context.store.set(lotteryEventAtom, (last) => ({ seq: (last?.seq ?? 0) + 1, event: lottery }));
        return;
      }
      const redPacket = redPacketEventOf(message, Date.now());
      if (redPacket !== null) {
        setRedPackets((list) => [...list, redPacket].slice(-RED_PACKET_EVENTS_KEPT));
        return;
      }
      const gift = giftOf(message);
      if (gift) {
        const now = Date.now();
        if (isFreshGift(message, now)) setGifts((list) => [...list, { id: message.id, gift, at: now }].slice(-GIFTS_KEPT));
        return;
      }
      if (message.kind !== 'danmaku') return;
      const mine = message.from.userId === current.chatIdentity?.userId;
      const level = senderLevel(message.from);
      const plain: DanmakuItem = level === null ? { id: message.id, text: message.text, mine } : { id: message.id, text: message.text, mine, level };
      const guard = senderGuard(message.from);
      const guarded: DanmakuItem = guard === null ? plain : { ...plain, guard };
      const medal = senderMedal(message.from);
      const item: DanmakuItem = { ...guarded, ...(medal === null ? {} : { medal }), nickname: message.from.nickname, ...danmakuLookOf(message), recentKey: recentKeyOfMessage(message) };
      setDanmaku((list) => [...list, item].slice(-DANMAKU_KEPT));
    });
    const stopNotices = current.onSystemNotice((notice) => listenersRef.current.onSystemNotice?.(notice));
    const stopHorns = current.onHorn((horn) => setHorns((list) => [...list, horn].slice(-HORNS_KEPT)));
    void current.start().then(() => setMyChatId(current.chatIdentity?.userId ?? null));
    return () => {
      stopListening();
      stopNotices();
      stopHorns();
      current.stop();
      if (session.current === current) session.current = null;
      setMyChatId(null);
    };
  }, [context.store, context.api, groupId, prefix, provider, userKey]);

  const send = useCallback(async (text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> => {
    const current = session.current;
    let result: ChatSendResult;
    if (!current) {
      result = { ok: false, refusal: { code: 'not-logged-in', message: chatMessages.notLoggedIn } };
    } else {
      try {
        result = await current.send(text, kind);
      } catch {
        result = { ok: false, refusal: { code: 'failed', message: chatMessages.sendFailed } };
      }
    }
    if (!result.ok) listenersRef.current.onSendRefused?.(result.refusal);
    return result;
  }, []);

  const dismissNotices = useCallback(() => session.current?.dismissSystemNotices(), []);
  const myName = user ? user.user_nickname : guestId ? prefix + guestId : '';
  return { send, danmaku, gifts, horns, redPackets, myName, guest: !user, myChatId, dismissNotices };
}
