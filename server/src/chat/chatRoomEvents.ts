import type { ChatGiftPayload, ChatRoomState } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamEvents } from '../live/index';
import type { RoomEventMap, RoomEvents } from '../live/index';
import type { ChatGiftSent, ChatGuardBought } from './chatAnnouncements';
import type { ChatBus, ChatRoomEvent } from './chatBus';
import type { ChatMedalChange } from './chatMedals';
import type { ChatDirectory } from './chatDirectory';
import { chatMessages } from './chatMessages';
import { type ChatGuardChange, guardBoughtLine } from './chatGuards';
import { memberChatName } from './chatNames';

/** What the relay needs of the hub: the assistant channel and the C2C notices. */
export interface ChatRoomEventOutlets {
  /**
   * `gift`: a gift line (cloudCustomData type 2 with the payload the page animates); `roomState`:
   * the room's state changed (cloudCustomData.roomState: pages apply it at once).
   */
  postSystem(groupId: string, text: string, keep: boolean, gift?: ChatGiftPayload, roomState?: ChatRoomState): void;
  sendNotice(userId: number, text: string): void;
  /** A guard bought (this node's or another's): the badge cache follows (chatGuards.ts). */
  applyGuard?(change: ChatGuardChange): void;
  /** A worn medal or a medal's name changed (another node's): the medal cache follows (chatMedals.ts). */
  applyMedal?(change: ChatMedalChange): void;
}

/**
 * The rooms API and the media ingest tell the chat what happened (modules/live/roomEvents.ts,
 * media/streamEvents.ts): the caches follow at once (a mute applies to the very next message, on
 * every node through the bus), the users concerned get a notice, the room a system message.
 */
export class ChatRoomEventRelay {
  constructor(
    private readonly directory: ChatDirectory,
    private readonly bus: ChatBus,
    private readonly outlets: ChatRoomEventOutlets,
    private readonly log: FastifyBaseLogger,
  ) {}

  listenTo(events: RoomEvents): void {
    events.on('muted', (event) => {
      this.relay({ kind: 'muted', ...event, until: event.until === null ? null : event.until.toISOString() });
      this.outlets.sendNotice(event.userId, chatMessages.noticeMuted(event.until));
      void this.directory.user(event.userId).then((user) => {
        if (user !== null) this.outlets.postSystem(String(event.ownerId), chatMessages.systemMuted(memberChatName(user.nickname, event.userId)), true);
      });
    });
    events.on('unmuted', (event) => {
      this.relay({ kind: 'unmuted', ...event });
      this.outlets.sendNotice(event.userId, chatMessages.noticeUnmuted);
    });
    events.on('adminsChanged', (event) => void this.adminsChanged(event));
    events.on('roomChanged', (event) => void this.roomChanged(event));
  }

  /**
   * A gift the wallet committed (ChatHub.announceGift): the room reads `<nickname> 送出 <gift> x<count>`;
   * the payload drives the animation and combos.
   */
  announceGift(event: ChatGiftSent): void {
    const nickname = memberChatName(event.senderNickname, event.senderId);
    const payload: ChatGiftPayload = {
      recordId: String(event.recordId),
      giftId: event.giftId,
      name: event.giftName,
      icon: event.giftIcon,
      tier: event.tier,
      combo: event.combo ? 1 : 0,
      count: event.count,
      coins: event.coins,
      senderId: String(event.senderId),
      senderNickname: nickname,
      comboKey: `${event.senderId}:${event.giftId}`,
    };
    this.outlets.postSystem(String(event.ownerId), giftLine(nickname, event.giftName, event.count), true, payload);
  }

  /** A guard the wallet committed (ChatHub.announceGuard): the badge applies from the member's next message (every node); the room reads the purchase. */
  announceGuard(event: ChatGuardBought): void {
    const { roomId, ownerId, userId, level, tierName: name } = event;
    this.relay({ kind: 'guardChanged', roomId, ownerId, userId, level, name, expiresAt: event.expiresAt.toISOString() });
    this.outlets.postSystem(String(ownerId), guardBoughtLine(memberChatName(event.nickname, userId), name, event.months, event.kind), true);
  }

  /**
   * A room's stream started, resumed or stopped: its viewers read it in the assistant channel at
   * once, and the line carries the room's state, which the page and its player follow.
   */
  listenToStreams(events: StreamEvents): void {
    events.on('live', (event) => this.postToRoom(event.roomId, chatMessages.systemStreamLive, { roomId: event.roomId, state: 'live' }));
    events.on('offline', (event) =>
      this.postToRoom(event.roomId, event.state === 'ended' ? chatMessages.systemStreamEnded : chatMessages.systemStreamOffline, { roomId: event.roomId, state: event.state }),
    );
  }

  /** Caches follow the event (this node's or, through the bus, another's). */
  apply(event: ChatRoomEvent): void {
    if (event.kind === 'medalChanged') return this.outlets.applyMedal?.(event.change);
    const directory = this.directory;
    directory.noteRoom(event.roomId, event.ownerId);
    switch (event.kind) {
      case 'muted':
        return directory.applyMuted(event.roomId, event.userId, event.until === null ? null : new Date(event.until));
      case 'unmuted':
        return directory.applyUnmuted(event.roomId, event.userId);
      case 'adminsChanged':
        return directory.applyAdmins(event.roomId, event.adminIds);
      case 'roomChanged':
        return directory.applyRoomChanged(event.ownerId, { roomId: event.roomId, ownerId: event.ownerId, title: event.title, placard: event.placard, isOpen: event.isOpen });
      case 'guardChanged':
        return this.outlets.applyGuard?.(event);
    }
  }

  private relay(event: ChatRoomEvent): void {
    this.apply(event);
    this.bus.publishRoomEvent(event);
  }

  private async adminsChanged(event: RoomEventMap['adminsChanged'][0]): Promise<void> {
    const before = await this.directory.roomAdmins(event.roomId).catch(() => new Set<number>());
    this.relay({ kind: 'adminsChanged', ...event });
    for (const id of event.adminIds) if (!before.has(id)) this.outlets.sendNotice(id, chatMessages.noticeMadeAdmin);
    for (const id of before) if (!event.adminIds.includes(id)) this.outlets.sendNotice(id, chatMessages.noticeAdminRemoved);
  }

  private async roomChanged(event: RoomEventMap['roomChanged'][0]): Promise<void> {
    const groupId = String(event.ownerId);
    const before = await this.directory.cachedRoom(groupId);
    this.relay({ kind: 'roomChanged', ...event });
    const post = (text: string) => this.outlets.postSystem(groupId, text, true);
    if (before === undefined || before === null || before.isOpen !== event.isOpen) {
      // Opening or ending the room changes its state when no push is on air (主播暂时离开 / 直播已结束 / 未开播).
      const roomState: ChatRoomState | undefined = event.state === undefined ? undefined : { roomId: event.roomId, state: event.state };
      this.outlets.postSystem(groupId, event.isOpen ? chatMessages.systemOpened : chatMessages.systemClosed, true, undefined, roomState);
    }
    if (before && before.title !== event.title) post(chatMessages.systemTitle(event.title));
    if (before && before.placard !== event.placard) post(chatMessages.systemPlacard);
  }

  private postToRoom(roomId: number, text: string, roomState?: ChatRoomState): void {
    this.directory
      .groupOfRoomId(roomId)
      .then((groupId) => {
        if (groupId !== null) this.outlets.postSystem(groupId, text, true, undefined, roomState);
      })
      .catch((error: unknown) => this.log.warn({ err: error, roomId }, 'chat: a stream notice failed'));
  }
}

/** The gift's chat line (cloudCustomData type CHAT_GIFT_MESSAGE_TYPE carries the payload). */
export function giftLine(nickname: string, giftName: string, count: number): string {
  return `${nickname} 送出 ${giftName} x${count}`;
}
