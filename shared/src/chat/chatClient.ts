import type { ChatClipCard, ChatDanmakuStyle, ChatGiftPayload, ChatHorn, ChatLotteryEvent, ChatPredictionTally, ChatRedPacketEvent, ChatRoomState } from './protocol';
import type { FanAlert } from '../schemas/notify';

/**
 * The chat contract (issue 5, SPEC.md sections 3, 4, 7): what a live room needs from an
 * instant-messaging service. Two implementations, chosen by the system config's `im.provider`:
 * the built-in chat served by our server over WebSocket (the embedded default) and Tencent Cloud
 * IM through tim-js-sdk (loaded lazily). Both keep these semantics, so the room never knows which.
 *
 * Group ids are strings: a live room's group is named after its anchor's user id (String(ownerId)).
 */

/** Who is logging in: a member (id + server-issued userSig) or a guest (imTouristAccount id + sig). */
export interface ChatLoginIdentity {
  userId: string;
  userSig: string;
  kind: 'member' | 'guest';
}

/** SPEC.md section 7: joining a group answers one of these. */
export type JoinGroupStatus = 'wait-approval' | 'success' | 'already-in-group';

/**
 * cloudCustomData.type: 0 the anchor channel (zhubo_messagelist), otherwise the assistant channel
 * (zhushou_messagelist); 2 is a gift line whose `gift` payload drives the animation (protocol.ts).
 */
export type ChatChannelType = 0 | 1 | 2;

/** Who sent a message, as the room shows it. */
export type ChatSenderRole = 'anchor' | 'admin' | 'member' | 'guest' | 'system';

export interface ChatSender {
  userId: string;
  nickname: string;
  avatar: string;
  role: ChatSenderRole;
  /** A member's level (shared/src/levels): the badge beside the name; absent for guests and the system. */
  level?: number;
  /** The sender's active guard tier level in this room (1-3): the guard badge beside the name. */
  guard?: number;
  /** The fan medal the member wears (粉丝勋章, every room): name, level 1-20, lit (false: greyed). */
  medal?: { name: string; level: number; lit: boolean };
}

/** A group message as the room receives it (SPEC.md section 3: chat message). */
export interface ChatGroupMessage {
  /** Unique per group; a message seen twice (reconnect, resend) is the same id. */
  id: string;
  /** Per-group sequence, increasing. */
  seq: number;
  groupId: string;
  /** 'danmaku' also flies over the video; 'text' only in the chat panel. */
  kind: 'text' | 'danmaku';
  /** Plain text, never HTML: render it as a text node. */
  text: string;
  from: ChatSender;
  cloudCustomData: { type: ChatChannelType; gift?: ChatGiftPayload; style?: ChatDanmakuStyle; barrageId?: number; roomState?: ChatRoomState; clip?: ChatClipCard; redPacket?: ChatRedPacketEvent; lottery?: ChatLotteryEvent; prediction?: ChatPredictionTally };
  /** Server time, ms since the epoch. */
  sentAt: number;
}

/** A one-to-one (C2C) system notice: muted, unmuted, made admin, room closed... */
export interface ChatSystemNotice {
  id: string;
  /** The conversation's last sequence: a notice with a sequence already seen is a duplicate. */
  lastSequence: number;
  text: string;
  sentAt: number;
  /** A fan's alert (server/src/alerts/README.md): only on notices to a page's connection outside rooms. */
  alert?: FanAlert;
}

export interface ChatProfileUpdate {
  nickname?: string;
  avatar?: string;
}

/** Why a send was refused; `message` is what the user reads (zh-CN). */
export interface ChatSendRefusal {
  code: 'muted' | 'rate-limited' | 'too-long' | 'empty' | 'room-busy' | 'not-in-group' | 'not-logged-in' | 'failed';
  message: string;
}

export type ChatSendResult = { ok: true; message: ChatGroupMessage } | { ok: false; refusal: ChatSendRefusal };

export interface ChatClientEvents {
  groupMessage: (message: ChatGroupMessage) => void;
  systemNotice: (notice: ChatSystemNotice) => void;
  /** A horn for every viewer of every room (the built-in chat's `horn` frame; Tencent IM sends none). */
  horn: (horn: ChatHorn) => void;
  /** The connection dropped and is being re-established (the client rejoins its groups itself). */
  connectionChange: (state: 'connected' | 'reconnecting' | 'offline') => void;
}

export interface ChatClient {
  readonly provider: 'builtin' | 'tencent';
  /** Resolves on success; rejects on failure (the caller sets the SPEC.md islogin flag). */
  login(identity: ChatLoginIdentity): Promise<void>;
  logout(): Promise<void>;
  joinGroup(groupId: string): Promise<JoinGroupStatus>;
  quitGroup(groupId: string): Promise<void>;
  sendGroupMessage(groupId: string, text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult>;
  /** The group's member count (the page shows it plus ONLINE_COUNT_BONUS). */
  getOnlineMemberCount(groupId: string): Promise<number>;
  updateMyProfile(profile: ChatProfileUpdate): Promise<void>;
  /** The anchor's own room group, named after their user id (idempotent). */
  createAnchorGroup(ownerUserId: string): Promise<string>;
  on<E extends keyof ChatClientEvents>(event: E, listener: ChatClientEvents[E]): () => void;
  /** Closes the connection for good (page leaves the room). */
  destroy(): void;
}

// The SPEC.md section 9 timings and the +50 of the online count are in api/limits.ts
// (ONLINE_COUNT_BONUS, GUEST_PROFILE_UPDATE_DELAY_MS, GROUP_JOIN_DELAY_MS).
/** Longest chat or danmaku text, in characters (server and client check it). */
export const CHAT_MESSAGE_MAX_LENGTH = 100;
