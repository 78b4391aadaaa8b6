import { CHAT_GIFT_MESSAGE_TYPE, type ChatClientFrame, type ChatClipCard, type ChatDanmakuStyle, type ChatGiftPayload, type ChatPredictionTally, type ChatRedPacketEvent, type ChatLotteryEvent, type ChatRoomState, type ChatGroupMessage, type ChatSendRefusal, type ChatSenderRole } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../infra/clock';
import type { ChatBus, ChatMessageDraft } from './chatBus';
import type { ChatConfig } from './chatConfig';
import type { ChatConnection, ChatIdentity } from './chatConnection';
import type { ChatDirectory } from './chatDirectory';
import type { ChatGuards } from './chatGuards';
import { GUEST_RATE, MEMBER_RATE, RoomInboundCap, type SenderRateOptions, SenderRateLimiter } from './chatLimits';
import { chatMessages } from './chatMessages';
import type { ChatMedalSource } from './chatMedals';
import { memberChatProfile } from './chatNames';
import { refuse, reply } from './chatReplies';
import { endSession } from './chatSessionWatch';
import { cleanChatText } from './chatText';
import type { MemberSessions } from './memberSessions';

/** A member's line in a room as typed (before the mask): what a red packet's 口令 is compared with. */
export interface ChatMemberLine {
  roomId: number;
  text: string;
}

export interface ChatSendingOptions {
  config: ChatConfig;
  directory: ChatDirectory;
  sessions: Pick<MemberSessions, 'isActive'>;
  bus: ChatBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Members' send rate (default MEMBER_RATE: 3 per 2 s, then 10 s blocked). */
  memberRate?: SenderRateOptions;
  /** Starts every message id of this node (ids stay unique across nodes and restarts). */
  idPrefix: string;
  /** Told of each member message delivered (the levels award exp for it; `line`: its room and text, for a red packet's 口令); must not throw. */
  onMemberMessage?: (memberId: number, line?: ChatMemberLine) => void;
  /** Members' guards per room (the badge on their messages; chatGuards.ts). */
  guards?: ChatGuards;
  /** Told of each member danmaku sent over the socket (chatDanmakuHistory.ts keeps it for joiners); must not throw. */
  onMemberDanmaku?: (danmaku: MemberDanmaku) => void;
  /** Listed words replaced by `*` (the sensitive-word filter, `app.moderation.mask`); default none. */
  mask?: (text: string) => string;
  /** Fan medals (chatMedals.ts): the worn medal on each member line; set later by ChatHub.attachMedals. */
  medals?: ChatMedalSource;
}

/** A member's danmaku delivered over the socket, for the room's persisted history. */
export interface MemberDanmaku {
  roomId: number;
  memberId: number;
  text: string;
  level: number;
  messageId: string;
  sentAt: Date;
}

/**
 * Messages into groups: a member's (or guest's) `send` through every check and limit (in the
 * group, text, mutes, the sender's rate, the room's inbound cap, the session), numbered and
 * published on the bus; and the system's own messages (room events).
 */
export class ChatSending {
  private readonly memberRate: SenderRateLimiter;
  private readonly guestRate = new SenderRateLimiter(GUEST_RATE);
  private readonly roomCap: RoomInboundCap;
  private messageCounter = 0;

  constructor(private readonly options: ChatSendingOptions) {
    this.roomCap = new RoomInboundCap(options.config.roomMessagesPerSecond);
    this.memberRate = new SenderRateLimiter(options.memberRate ?? MEMBER_RATE);
  }

  async send(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'send' }>): Promise<void> {
    const refuseWith = (code: ChatSendRefusal['code'], message: string) => refuse(connection, frame.ref, code, message);
    if (!connection.groups.has(frame.groupId)) return refuseWith('not-in-group', chatMessages.notInGroup);
    if (identity.kind === 'guest' && !this.options.config.guestsMaySend) return refuseWith('not-logged-in', chatMessages.guestsReadOnly);
    const cleaned = cleanChatText(frame.text);
    if (!cleaned.ok) return refuseWith(cleaned.code, cleaned.code === 'empty' ? chatMessages.empty : chatMessages.tooLong);
    // Listed words are masked, not refused: the line goes out with `*` in their place.
    const text = { ok: true as const, text: this.maskText(cleaned.text) };
    const room = await this.options.directory.room(frame.groupId);
    const role = await this.roleOf(identity, room);
    if (room !== null && identity.memberId !== null && role !== 'anchor') {
      const mute = await this.options.directory.muteOf(room.roomId, identity.memberId);
      if (mute !== undefined) return refuseWith('muted', mute === null ? chatMessages.muted : chatMessages.mutedUntil(mute));
    }
    const now = Date.now();
    const limiter = identity.kind === 'guest' ? this.guestRate : this.memberRate;
    const rate = limiter.take(identity.userId, now);
    if (!rate.ok) return refuseWith('rate-limited', chatMessages.rateLimited(Math.ceil(rate.retryAfterMs / 1000)));
    if (!this.roomCap.take(frame.groupId, role === 'anchor' || role === 'admin', now)) return refuseWith('room-busy', chatMessages.roomBusy);
    // Last of the checks (the limits above keep a flood from reaching the database): a member
    // who signed out since logging in to the chat says nothing more.
    if (identity.sessionId !== null && identity.memberId !== null && !(await this.options.sessions.isActive(identity.sessionId, identity.memberId))) {
      refuseWith('not-logged-in', chatMessages.sessionEnded);
      return endSession(connection);
    }
    // The account as it is now (cached a minute): a rename made on the site reaches the chat.
    if (identity.memberId !== null) connection.profile = memberChatProfile(await this.options.directory.user(identity.memberId), identity.memberId);
    // The member's guard in this room (the badge), as of now: a purchase shows on the next message.
    const guard = room !== null && identity.memberId !== null ? await this.options.guards?.guardOf(room.roomId, identity.memberId) : null;
    // The worn fan medal (every room), from the medals' cache.
    const medal = identity.memberId !== null ? await this.medalOf(identity.memberId, room) : null;
    const draft: ChatMessageDraft = {
      id: this.nextMessageId(),
      groupId: frame.groupId,
      kind: frame.kind,
      text: text.text,
      from: { userId: identity.userId, nickname: connection.profile.nickname, avatar: connection.profile.avatar, role, ...(connection.profile.level !== undefined ? { level: connection.profile.level } : {}), ...(guard ? { guard: guard.level } : {}), ...(medal ? { medal } : {}) },
      cloudCustomData: { type: 0 },
      sentAt: this.options.clock().getTime(),
    };
    let message: ChatGroupMessage;
    try {
      message = await this.options.bus.publishMessage(draft, true);
    } catch (error) {
      this.options.log.warn({ err: error }, 'chat: publishing a message failed');
      return refuseWith('failed', chatMessages.failed);
    }
    reply(connection, { type: 'ack', ref: frame.ref, message });
    if (identity.memberId !== null) this.options.onMemberMessage?.(identity.memberId, room !== null ? { roomId: room.roomId, text: cleaned.text } : undefined);
    if (identity.memberId !== null && room !== null) this.options.medals?.lineSent(identity.memberId, room.ownerId);
    if (identity.memberId !== null && room !== null && frame.kind === 'danmaku') {
      this.options.onMemberDanmaku?.({ roomId: room.roomId, memberId: identity.memberId, text: text.text, level: connection.profile.level ?? 1, messageId: message.id, sentAt: new Date(message.sentAt) });
    }
  }

  /**
   * A member's HTTP send (api/Barrage/send, api/Member/sneHorn) through the socket path's checks:
   * the room's mutes (never the anchor's), the member's rate (the same limiter as their socket
   * sends), the room's inbound cap. `groupId` null (a horn, in no room): the rate only.
   */
  async admitMember(memberId: number, groupId: string | null): Promise<ChatSendRefusal | null> {
    const room = groupId === null ? null : await this.options.directory.room(groupId);
    const role = await this.roleOf(memberIdentity(memberId), room);
    if (room !== null && role !== 'anchor') {
      const mute = await this.options.directory.muteOf(room.roomId, memberId);
      if (mute !== undefined) return { code: 'muted', message: mute === null ? chatMessages.muted : chatMessages.mutedUntil(mute) };
    }
    const now = Date.now();
    const rate = this.memberRate.take(String(memberId), now);
    if (!rate.ok) return { code: 'rate-limited', message: chatMessages.rateLimited(Math.ceil(rate.retryAfterMs / 1000)) };
    if (groupId !== null && !this.roomCap.take(groupId, role === 'anchor' || role === 'admin', now)) return { code: 'room-busy', message: chatMessages.roomBusy };
    return null;
  }

  /** A member's danmaku admitted and applied over HTTP (after its commit): delivered like a socket send, with its style. */
  async postMemberDanmaku(groupId: string, memberId: number, text: string, style: ChatDanmakuStyle | null, barrageId?: number): Promise<ChatGroupMessage> {
    const room = await this.options.directory.room(groupId);
    const role = await this.roleOf(memberIdentity(memberId), room);
    const profile = memberChatProfile(await this.options.directory.user(memberId), memberId);
    const guard = room !== null ? await this.options.guards?.guardOf(room.roomId, memberId) : null;
    const medal = await this.medalOf(memberId, room);
    const draft: ChatMessageDraft = {
      id: this.nextMessageId(),
      groupId,
      kind: 'danmaku',
      text,
      from: { userId: String(memberId), nickname: profile.nickname, avatar: profile.avatar, role, ...(profile.level !== undefined ? { level: profile.level } : {}), ...(guard ? { guard: guard.level } : {}), ...(medal ? { medal } : {}) },
      cloudCustomData: { type: 0, ...(style === null ? {} : { style }), ...(barrageId === undefined ? {} : { barrageId }) },
      sentAt: this.options.clock().getTime(),
    };
    const message = await this.options.bus.publishMessage(draft, true);
    this.options.onMemberMessage?.(memberId, room !== null ? { roomId: room.roomId, text } : undefined);
    if (room !== null) this.options.medals?.lineSent(memberId, room.ownerId);
    return message;
  }

  /** A message in the assistant channel (cloudCustomData.type 1), from the system; with `gift`, a gift line (type 2, protocol.ts). */
  postSystem(groupId: string, text: string, keep: boolean, gift?: ChatGiftPayload, roomState?: ChatRoomState, clip?: ChatClipCard, redPacket?: ChatRedPacketEvent, prediction?: ChatPredictionTally, lottery?: ChatLotteryEvent): void {
    const draft: ChatMessageDraft = {
      id: this.nextMessageId(),
      groupId,
      kind: 'text',
      text,
      from: { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' },
      cloudCustomData: gift !== undefined ? { type: CHAT_GIFT_MESSAGE_TYPE, gift } : roomState !== undefined ? { type: 1, roomState } : clip !== undefined ? { type: 1, clip } : redPacket !== undefined ? { type: 1, redPacket } : lottery !== undefined ? { type: 1, lottery } : prediction !== undefined ? { type: 1, prediction } : { type: 1 },
      sentAt: this.options.clock().getTime(),
    };
    this.options.bus.publishMessage(draft, keep).catch((error: unknown) => this.options.log.warn({ err: error }, 'chat: a system message failed'));
  }

  /** Fan medals (ChatHub.attachMedals): from then on, member lines carry the worn medal. */
  attachMedals(medals: ChatMedalSource): void {
    this.options.medals = medals;
  }

  /** The sender's worn medal as the line shows it (chatMedals.ts); a failing lookup sends the line without it. */
  private async medalOf(memberId: number, room: { ownerId: number } | null): Promise<{ name: string; level: number; lit: boolean } | null> {
    const medals = this.options.medals;
    if (medals === undefined) return null;
    try {
      return await medals.badgeOf(memberId, room?.ownerId ?? null);
    } catch (error) {
      this.options.log.warn({ err: error }, 'chat: reading a fan medal failed');
      return null;
    }
  }

  /** The text with listed words masked (as every member line and danmaku goes out). */
  maskText(text: string): string {
    return this.options.mask === undefined ? text : this.options.mask(text);
  }

  /** Housekeeping: limiter entries that ran out are dropped. */
  sweep(now: number): void {
    this.memberRate.sweep(now);
    this.guestRate.sweep(now);
    this.roomCap.sweep(now);
  }

  private async roleOf(identity: ChatIdentity, room: { roomId: number; ownerId: number } | null): Promise<ChatSenderRole> {
    if (identity.memberId === null) return 'guest';
    if (room === null) return 'member';
    if (room.ownerId === identity.memberId) return 'anchor';
    return (await this.options.directory.roomAdmins(room.roomId)).has(identity.memberId) ? 'admin' : 'member';
  }

  private nextMessageId(): string {
    this.messageCounter += 1;
    return `${this.options.idPrefix}-${this.options.clock().getTime().toString(36)}-${this.messageCounter.toString(36)}`;
  }
}

/** A member as the checks see them when the send came over HTTP (no socket, no chat session). */
function memberIdentity(memberId: number): ChatIdentity {
  return { userId: String(memberId), kind: 'member', memberId, sessionId: null };
}
