import { atom } from 'jotai';
import type { ChatGroupMessage, ChatSystemNotice, JoinGroupStatus } from '../chat/chatClient';

/**
 * The chat part of SPEC.md section 3's global store, written by the room's ChatSession and read
 * by the live room UI. The guest id (`youkeid`) is `guestIdAtom` in sessionAtoms.ts; the chat
 * login flag (`islogin`) is in `sessionAtom`; the stored guest identity is `imTouristAccountAtom`.
 */

/** SPEC `messageList`: the room's group messages, oldest first (the last CHAT_MESSAGE_LIST_LIMIT). */
export const messageListAtom = atom<ChatGroupMessage[]>([]);

/** SPEC `zhubo_messagelist`: anchor-channel messages (cloudCustomData.type 0). */
export const zhuboMessageListAtom = atom<ChatGroupMessage[]>([]);

/** SPEC `zhushou_messagelist`: assistant-channel messages (cloudCustomData.type other than 0). */
export const zhushouMessageListAtom = atom<ChatGroupMessage[]>([]);

/** SPEC `onLine`: the online count shown, i.e. the group's member count + ONLINE_COUNT_BONUS; null until known. */
export const onLineAtom = atom<number | null>(null);

/** SPEC section 4 "system notice list": C2C system notices; set only while it is empty. */
export const systemNoticeListAtom = atom<ChatSystemNotice[]>([]);

/** Where the room's chat stands, for the chat panel (not in SPEC: connection feedback). */
export type ChatRoomStatus = 'idle' | 'logging-in' | 'login-failed' | 'joining' | JoinGroupStatus | 'join-failed';
export const chatRoomStatusAtom = atom<ChatRoomStatus>('idle');

/** The chat connection as the client reports it (reconnecting shows a banner). */
export const chatConnectionAtom = atom<'connected' | 'reconnecting' | 'offline'>('offline');
