import { randomBytes } from 'node:crypto';
import { CHAT_IDLE_TIMEOUT_MS, type ChatClipCard, type ChatDanmakuStyle, type ChatPredictionTally, type ChatRedPacketEvent, type ChatLotteryEvent, type ChatGroupMessage, type ChatHorn, type ChatSendRefusal, type FanAlert } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../infra/clock';
import { admitSocket } from '../infra/sockets/socketAdmission';
import { closeWithin } from '../infra/sockets/socketClient';
import { type SocketLimits, resolveSocketLimits } from '../infra/sockets/socketLimits';
import type { ChatGiftSent, ChatGuardBought } from './chatAnnouncements';
import type { ChatMedalBadge, ChatMedalChange, ChatMedalSource } from './chatMedals';
import type { ChatBus } from './chatBus';
import type { ChatConfig } from './chatConfig';
import { ChatConnection } from './chatConnection';
import { ChatConnections } from './chatConnections';
import { encodeChatFrame } from './chatFrames';
import type { ChatDirectory } from './chatDirectory';
import { ChatGuardEntries, type ChatGuards } from './chatGuards';
import type { SenderRateOptions } from './chatLimits';
import { ChatLogin } from './chatLogin';
import { ChatMembership } from './chatMembership';
import { ChatNotices } from './chatNotices';
import { ChatPresenceReports } from './chatPresenceReports';
import { ChatRequests } from './chatRequests';
import { ChatRoomEventRelay } from './chatRoomEvents';
import { ChatSending, type ChatSendingOptions } from './chatSending';
import { ChatSessionWatch } from './chatSessionWatch';
import type { GuestSigner } from './guestSignature';
import type { MemberSessions } from './memberSessions';
import type { MemberSigner } from './memberSignature';
import { ChatRecentLines } from './chatRecentLines';

export { DEFAULT_CHAT_FLUSH_MS } from './chatMembership';
export { DEFAULT_SESSION_CHECK_MS } from './chatSessionWatch';

/**
 * The chat socket's limits (infra/sockets/socketLimits.ts): idleTimeoutMs (CHAT_IDLE_TIMEOUT_MS,
 * 90 s), maxBufferedBytes (1 MiB), maxBadFrames (10).
 */
export const CHAT_SOCKET_LIMITS: SocketLimits = { idleTimeoutMs: CHAT_IDLE_TIMEOUT_MS, maxBufferedBytes: 1024 * 1024, maxBadFrames: 10 };

export interface ChatHubOptions extends Partial<SocketLimits> {
  config: ChatConfig;
  directory: ChatDirectory;
  memberSigner: MemberSigner;
  guestSigner: GuestSigner;
  /** Whether members' site sessions are still active (their userSig dies with the session). */
  sessions: Pick<MemberSessions, 'isActive' | 'ended'>;
  /** How often connected members' sessions are checked, to cut the signed-out (default 5 s). */
  sessionCheckMs?: number;
  bus: ChatBus;
  clock: Clock;
  log: FastifyBaseLogger;
  guestNicknamePrefix: string;
  /** The longest a busy group waits between writes (default DEFAULT_CHAT_FLUSH_MS; chatMembership.ts). */
  flushIntervalMs?: number;
  /** Groups one connection may be in at once. */
  maxGroupsPerConnection?: number;
  /** Members' send rate (default MEMBER_RATE: 3 per 2 s, then 10 s blocked). */
  memberRate?: SenderRateOptions;
  /** Told of each member message delivered (the levels award exp for it); must not throw. */
  onMemberMessage?: ChatSendingOptions['onMemberMessage'];
  /** Members' guards per room: the badge and the entry notice (chatGuards.ts). */
  guards?: ChatGuards;
  /** Told of each member danmaku sent over the socket (kept for joiners); must not throw. */
  onMemberDanmaku?: ChatSendingOptions['onMemberDanmaku'];
  /** The sensitive-word mask (`app.moderation.mask`) for members' lines, danmaku and horns. */
  mask?: ChatSendingOptions['mask'];
}

/** Limiters, stale presence reports and empty groups are swept this often (and presence reported). */
const HOUSEKEEPING_MS = 5_000;

/**
 * The built-in chat on one node, put together from pieces with one job each (protocol:
 * shared/src/chat/protocol.ts; sockets: infra/sockets/):
 * - ChatConnections: the open connections and who they are;
 * - ChatRequests: a connection's frames, validated and rate-limited, to the piece that answers;
 * - ChatLogin: identity from a login's signature; ChatSessionWatch: members cut when their site
 *   session ends;
 * - ChatMembership: groups, joins and history; ChatPresenceReports: online counts across nodes;
 * - ChatSending: sends through their limits, and system messages; ChatNotices: C2C notices;
 * - ChatRoomEventRelay (chatRoomEvents.ts): room and stream events into notices and messages;
 * - this class: accepting sockets, relaying the bus to the pieces, housekeeping, shutdown.
 */
export class ChatHub {
  private readonly limits: SocketLimits;
  private readonly connections = new ChatConnections();
  private readonly membership: ChatMembership;
  private readonly presence: ChatPresenceReports;
  private readonly sending: ChatSending;
  private readonly notices: ChatNotices;
  private readonly requests: ChatRequests;
  private readonly sessionWatch: ChatSessionWatch;
  private readonly roomEvents: ChatRoomEventRelay;
  private readonly guardEntries: ChatGuardEntries | null;
  private readonly housekeeping: NodeJS.Timeout;
  private closing = false;
  /** Chat messages delivered to groups with members on this node since start: /metrics. */
  messagesFannedOut = 0;

  constructor(private readonly options: ChatHubOptions) {
    this.limits = resolveSocketLimits(options, CHAT_SOCKET_LIMITS);
    const idPrefix = randomBytes(4).toString('hex');
    const guards = options.guards;
    this.guardEntries =
      guards === undefined
        ? null
        : new ChatGuardEntries(guards, async (groupId) => (await options.directory.room(groupId))?.roomId ?? null, (groupId, text, keep) => this.sending.postSystem(groupId, text, keep));
    this.membership = new ChatMembership({
      directory: options.directory,
      bus: options.bus,
      flushIntervalMs: options.flushIntervalMs,
      maxGroupsPerConnection: options.maxGroupsPerConnection,
      onChange: () => this.presence.changed(),
      onMemberJoined: (groupId, memberId, nickname) => {
        this.guardEntries?.joined(groupId, memberId, nickname).catch((error: unknown) => options.log.warn({ err: error }, 'chat: a guard entry notice failed'));
      },
    });
    this.presence = new ChatPresenceReports(options.bus, () => this.membership.memberCounts(), (groupId) => this.membership.memberCount(groupId));
    this.sending = new ChatSending({ ...options, idPrefix });
    this.notices = new ChatNotices(options.bus, this.connections, options.clock, idPrefix);
    this.requests = new ChatRequests({
      login: new ChatLogin(options, this.connections),
      membership: this.membership,
      sending: this.sending,
      directory: options.directory,
      onlineCount: (groupId) => this.onlineCount(groupId),
      log: options.log,
    });
    this.housekeeping = setInterval(() => this.sweep(), HOUSEKEEPING_MS);
    this.housekeeping.unref();
    this.sessionWatch = new ChatSessionWatch(this.connections, options.sessions, options.log, options.sessionCheckMs);
    this.roomEvents = new ChatRoomEventRelay(options.directory, options.bus, {
      postSystem: (groupId, text, keep, gift, roomState) => this.sending.postSystem(groupId, text, keep, gift, roomState),
      sendNotice: (userId, text) => this.notices.send(userId, text),
      applyGuard: (change) => {
        guards?.apply(change);
        // A guard adds intimacy (fan medals): the buyer's medal entry is read again.
        this.medals?.forget(change.userId);
      },
      applyMedal: (change) => this.applyMedal(change),
    }, options.log);
  }

  /** Joins the bus: what it delivers (this node's own publications too) goes to the pieces. */
  async start(): Promise<void> {
    await this.options.bus.start({
      message: (message, keep) => {
        // A gift line (every node hears it): the sender's fan medal grew, its cached entry is read again.
        const giftSender = message.cloudCustomData.gift?.senderId;
        if (giftSender !== undefined) this.medals?.forget(Number(giftSender));
        this.recentLines.record(message);
        if (this.membership.deliver(message, keep)) this.messagesFannedOut += 1;
      },
      notice: (userId, notice) => this.notices.deliver(userId, notice),
      horn: (horn) => this.deliverHorn(horn),
      presence: (nodeId, counts) => this.presence.received(nodeId, counts),
      roomEvent: (event) => this.roomEvents.apply(event),
    });
  }

  private medals: ChatMedalSource | null = null;

  /** Fan medals (fanMedals/): member lines carry the worn medal, each member line is reported back. */
  attachMedals(medals: ChatMedalSource): void {
    this.medals = medals;
    this.sending.attachMedals(medals);
  }

  /** The fan medal a line of the member shows in the room of anchor `roomOwnerId` now (null: none worn, or no medals attached): the danmaku history carries it. */
  medalOf(memberId: number, roomOwnerId: number): ChatMedalBadge | null | Promise<ChatMedalBadge | null> {
    return this.medals?.badgeOf(memberId, roomOwnerId) ?? null;
  }

  /**
   * A member wore a medal (or none), an anchor renamed theirs: this node's medal cache follows at
   * once, every other node's as the bus delivers the room event (no wait for the cache's minute).
   */
  medalChanged(change: ChatMedalChange): void {
    this.applyMedal(change);
    this.options.bus.publishRoomEvent({ kind: 'medalChanged', change });
  }

  private applyMedal(change: ChatMedalChange): void {
    if (change.kind === 'worn') this.medals?.forget(change.userId);
    else this.medals?.renamed?.(change.anchorId, change.name);
  }

  /** The signed-in members in each group on this node (the levels count their minutes watched). */
  membersByGroup(): Map<string, number[]> {
    return this.membership.membersByGroup();
  }

  /** Members (distinct identities) in the group now, on every node that reports. */
  onlineCount(groupId: string): number {
    return this.presence.onlineCount(groupId);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  accept(socket: WebSocket): void {
    const connection = new ChatConnection(socket, this.limits.maxBufferedBytes, this.limits.maxBadFrames);
    const admitted = admitSocket(socket, this.closing, this.limits.idleTimeoutMs, {
      onMessage: (data, isBinary) => this.requests.receive(connection, data, isBinary),
      onClose: () => {
        const identity = this.connections.remove(connection);
        if (identity !== null) this.membership.leaveAll(connection, identity);
      },
    });
    if (admitted) this.connections.add(connection);
  }

  /** Shutdown: every client is told we are going away; what is left after the grace is cut. */
  async close(graceMs = 1_000): Promise<void> {
    this.closing = true;
    clearInterval(this.housekeeping);
    this.sessionWatch.stop();
    this.presence.stop();
    this.membership.dispose();
    await Promise.all([...this.connections].map((connection) => closeWithin(connection.socket, graceMs)));
    await this.options.bus.close().catch((error: unknown) => this.options.log.warn({ err: error }, 'chat bus did not close cleanly'));
  }

  // ---- The wallet (api/Barrage/send, api/Member/sneHorn, gifts, guards: wallet/chatOutlet.ts) ----

  /** A member's HTTP send through the socket path's mutes and limits (ChatSending.admitMember); null: admitted. */
  admitMember(memberId: number, groupId: string | null): Promise<ChatSendRefusal | null> {
    return this.sending.admitMember(memberId, groupId);
  }

  /** Members' lines delivered lately, for reports (chatRecentLines.ts). */
  readonly recentLines = new ChatRecentLines();

  /** Text a member publishes through HTTP (danmaku, horns) with listed words masked, as the socket's lines are. */
  maskText(text: string): string {
    return this.sending.maskText(text);
  }

  /** A member's danmaku applied over HTTP, delivered to its room (and kept in the group's history). */
  postMemberDanmaku(groupId: string, memberId: number, text: string, style: ChatDanmakuStyle | null, barrageId?: number): Promise<ChatGroupMessage> {
    return this.sending.postMemberDanmaku(groupId, memberId, text, style, barrageId);
  }

  /**
   * A C2C system notice to this node's connections of a member that are in no room (the message
   * centre's push to the host's page connection; a live room's notice list is not interrupted). No
   * bus: the caller runs on every node.
   */
  noticeOutsideRooms(userId: number, text: string): void {
    this.notices.sendOutsideRooms(userId, text);
  }

  /** The same notice to many members' page connections on this node, the frame encoded once (a big insert's recipients). */
  noticeManyOutsideRooms(memberIds: readonly number[], text: string): void {
    this.notices.alertOutsideRooms(memberIds, text);
  }

  /**
   * A fan's alert (alerts/README.md) to this node's connections of these members that are in no room:
   * a notice whose `alert` the host's page turns into a popup. No bus: the caller runs on every node.
   */
  alertOutsideRooms(memberIds: readonly number[], text: string, alert: FanAlert): void {
    this.notices.alertOutsideRooms(memberIds, text, alert);
  }

  /** Members with a page's connection (in no room) on this node. */
  membersOutsideRooms(): number[] {
    return this.connections.membersOutsideRooms();
  }

  /** A horn to every logged-in connection on every node (through the bus). */
  broadcastHorn(horn: ChatHorn): void {
    this.options.bus.publishHorn(horn);
  }

  /** A gift the wallet committed: the gift line, with its animation payload, in the room (chatRoomEvents.ts). */
  announceGift(gift: ChatGiftSent): void {
    this.roomEvents.announceGift(gift);
  }

  /** A clip is ready (clips/clipService.ts): a system line carrying cloudCustomData.clip in the room of anchor `ownerId` (its group). */
  announceClip(ownerId: number, text: string, clip: ChatClipCard): void {
    this.sending.postSystem(String(ownerId), text, true, undefined, undefined, clip);
  }

  /** A red packet opened, grabbed or finished (redPackets/): a system line carrying cloudCustomData.redPacket in the room of anchor `ownerId`. */
  announceRedPacket(ownerId: number, text: string, event: ChatRedPacketEvent): void {
    this.sending.postSystem(String(ownerId), text, true, undefined, undefined, undefined, event);
  }

  /**
   * A prediction's live tallies (predictions/predictionTallies.ts, at most twice a second): a
   * system line carrying cloudCustomData.prediction in the room of anchor `ownerId`, not kept in
   * the history (a joiner reads api/Prediction/list); pages apply it, never show it as a line.
   */
  announcePrediction(ownerId: number, tally: ChatPredictionTally): void {
    this.sending.postSystem(String(ownerId), '竞猜更新', false, undefined, undefined, undefined, undefined, tally);
  }

  /** A lottery opened, drawn or cancelled (lotteries/): a system line carrying cloudCustomData.lottery in the room of anchor `ownerId`. */
  announceLottery(ownerId: number, text: string, event: ChatLotteryEvent): void {
    this.sending.postSystem(String(ownerId), text, true, undefined, undefined, undefined, undefined, undefined, event);
  }

  /** A guard the wallet committed: the badge on every node, the purchase line in the room (chatRoomEvents.ts). */
  announceGuard(guard: ChatGuardBought): void {
    this.roomEvents.announceGuard(guard);
  }

  private deliverHorn(horn: ChatHorn): void {
    const frame = encodeChatFrame({ type: 'horn', horn });
    for (const connection of this.connections) if (connection.identity !== null) connection.write(frame);
  }

  // ---- Room and stream events (chatRoomEvents.ts) ----

  /** This node's rooms API emits: caches, notices and system messages follow. */
  listenTo(events: Parameters<ChatRoomEventRelay['listenTo']>[0]): void {
    this.roomEvents.listenTo(events);
  }

  /** The media ingest says a room's stream started or stopped. */
  listenToStreams(events: Parameters<ChatRoomEventRelay['listenToStreams']>[0]): void {
    this.roomEvents.listenToStreams(events);
  }

  private sweep(): void {
    const now = Date.now();
    this.sending.sweep(now);
    this.requests.sweep(now);
    this.presence.sweep(now);
    this.membership.sweep();
    this.guardEntries?.sweep(now);
  }
}
