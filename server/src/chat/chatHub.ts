import { randomBytes } from 'node:crypto';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_IDLE_TIMEOUT_MS,
  CHAT_PROTOCOL_VERSION,
  ChatCloseCode,
  type ChatClientFrame,
  type ChatErrorCode,
  type ChatGroupMessage,
  type ChatLoginFailure,
  type ChatSendRefusal,
  type ChatSenderRole,
  type ChatServerFrame,
  type ChatSystemNotice,
} from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../infra/clock';
import type { GuestSigner } from './guestSignature';
import type { ChatBus, ChatMessageDraft } from './chatBus';
import { ChatRoomEventRelay } from './chatRoomEvents';
import type { ChatConfig } from './chatConfig';
import { ChatConnection, type ChatIdentity } from './chatConnection';
import type { ChatDirectory } from './chatDirectory';
import { encodeChatFrame, parseChatFrame } from './chatFrames';
import { ChatGroup } from './chatGroup';
import { GUEST_RATE, MEMBER_RATE, RoomInboundCap, type SenderRateOptions, SenderRateLimiter } from './chatLimits';
import { chatMessages } from './chatMessages';
import { guestChatProfile, memberChatProfile } from './chatNames';
import { cleanChatText } from './chatText';
import type { MemberSessions } from './memberSessions';
import type { MemberSigner } from './memberSignature';

export interface ChatHubOptions {
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
  /** The longest a busy group waits between writes (default DEFAULT_CHAT_FLUSH_MS; chatGroup.ts). */
  flushIntervalMs?: number;
  /** A connection whose unsent data passes this is closed as a slow consumer (default 1 MiB). */
  maxBufferedBytes?: number;
  maxBadFrames?: number;
  /** Groups one connection may be in at once. */
  maxGroupsPerConnection?: number;
  idleTimeoutMs?: number;
  /** Members' send rate (default MEMBER_RATE: 3 per 2 s, then 10 s blocked). */
  memberRate?: SenderRateOptions;
}

/**
 * The longest a busy group waits between writes; it waits as long as its last write took, up to
 * this (chatGroup.ts). At 40 messages/s to 5,000 members this halves the writes: measured p99
 * 134-152 ms against 222-332 ms writing every message at once (bench:chat, 2 cores); a room of a
 * few hundred is barely delayed.
 */
export const DEFAULT_CHAT_FLUSH_MS = 50;
/** Requests (not sends) a connection may make: 20 a second, else a 1 s pause. */
const REQUEST_RATE = { max: 20, windowMs: 1_000, blockMs: 1_000 };
/** A member's `profile` frame reads the account again at most this often per connection. */
const PROFILE_REREAD_MS = 1_000;
/** Other nodes' presence reports older than this are ignored (the node is gone). */
const PRESENCE_STALE_MS = 15_000;
const PRESENCE_REPORT_MS = 5_000;
/**
 * Connected members' sessions are checked this often: a member who signed out (or reset the
 * password) elsewhere is cut within this; a send checks its session at once anyway.
 */
export const DEFAULT_SESSION_CHECK_MS = 5_000;

/**
 * The built-in chat on one node: connections and their identities, groups, the limits, the room
 * events, presence, and the bus to the other nodes. Protocol: shared/src/chat/protocol.ts.
 */
export class ChatHub {
  private readonly connections = new Set<ChatConnection>();
  private readonly byUser = new Map<string, Set<ChatConnection>>();
  private readonly groups = new Map<string, ChatGroup>();
  /** Groups anchors created with create-group (without a live room row yet). */
  private readonly createdGroups = new Set<string>();
  private readonly memberRate: SenderRateLimiter;
  private readonly guestRate = new SenderRateLimiter(GUEST_RATE);
  private readonly requestRate = new SenderRateLimiter(REQUEST_RATE);
  private readonly roomCap: RoomInboundCap;
  private readonly remotePresence = new Map<string, { at: number; counts: Record<string, number> }>();
  private readonly idPrefix = randomBytes(4).toString('hex');
  private messageCounter = 0;
  /** Chat messages delivered to groups with members on this node since start: /metrics. */
  messagesFannedOut = 0;
  private noticeSeq = 0;
  private presenceTimer: NodeJS.Timeout | null = null;
  private presenceDirty = false;
  private readonly housekeeping: NodeJS.Timeout;
  private readonly sessionTimer: NodeJS.Timeout;
  private checkingSessions = false;
  private closing = false;
  private readonly roomEvents: ChatRoomEventRelay;

  constructor(private readonly options: ChatHubOptions) {
    this.roomCap = new RoomInboundCap(options.config.roomMessagesPerSecond);
    this.memberRate = new SenderRateLimiter(options.memberRate ?? MEMBER_RATE);
    this.housekeeping = setInterval(() => this.sweep(), PRESENCE_REPORT_MS);
    this.housekeeping.unref();
    this.sessionTimer = setInterval(() => void this.cutEndedSessions(), options.sessionCheckMs ?? DEFAULT_SESSION_CHECK_MS);
    this.sessionTimer.unref();
    this.roomEvents = new ChatRoomEventRelay(options.directory, options.bus, {
      postSystem: (groupId, text, keep) => this.postSystem(groupId, text, keep),
      sendNotice: (userId, text) => this.sendNotice(userId, text),
    }, options.log);
  }

  async start(): Promise<void> {
    await this.options.bus.start({
      message: (message, keep) => {
        const group = this.groups.get(message.groupId);
        if (group === undefined) return this.keepForLater(message, keep);
        group.deliver(message, keep);
        this.messagesFannedOut += 1;
      },
      notice: (userId, notice) => this.deliverNotice(userId, notice),
      presence: (nodeId, counts) => this.remotePresence.set(nodeId, { at: Date.now(), counts }),
      roomEvent: (event) => this.roomEvents.apply(event),
    });
  }

  // ---- Presence ----

  /** Members (distinct identities) in the group now, on every node that reports. */
  onlineCount(groupId: string): number {
    let count = this.groups.get(groupId)?.memberCount ?? 0;
    const fresh = Date.now() - PRESENCE_STALE_MS;
    for (const report of this.remotePresence.values()) if (report.at >= fresh) count += report.counts[groupId] ?? 0;
    return count;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  // ---- Connections ----

  accept(socket: WebSocket): void {
    if (this.closing) {
      socket.close(ChatCloseCode.GoingAway, 'server shutting down');
      return;
    }
    const connection = new ChatConnection(socket, this.options.maxBufferedBytes ?? 1024 * 1024);
    this.connections.add(connection);
    const idleTimer = setTimeout(() => socket.close(ChatCloseCode.IdleTimeout, 'idle timeout'), this.options.idleTimeoutMs ?? CHAT_IDLE_TIMEOUT_MS);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      idleTimer.refresh();
      // One frame at a time per connection, in order: a join pipelined behind its login waits for
      // the login, and a sender's messages keep their order.
      connection.queue = connection.queue
        .then(() => this.onFrame(connection, data, isBinary))
        .catch((error: unknown) => {
          // Frames are validated before they are handled: what fails here is ours (the database...).
          this.options.log.error({ err: error }, 'chat: a frame failed');
          this.reply(connection, { type: 'error', code: 'bad-frame', message: chatMessages.failed });
        });
    });
    socket.on('close', () => {
      clearTimeout(idleTimer);
      this.disconnect(connection);
    });
  }

  /** Shutdown: every client is told we are going away; what is left after the grace is cut. */
  async close(graceMs = 1_000): Promise<void> {
    this.closing = true;
    clearInterval(this.housekeeping);
    clearInterval(this.sessionTimer);
    if (this.presenceTimer !== null) clearTimeout(this.presenceTimer);
    for (const group of this.groups.values()) group.dispose();
    await Promise.all(
      [...this.connections].map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.socket.readyState === connection.socket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              connection.socket.terminate();
              resolve();
            }, graceMs);
            connection.socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            connection.socket.close(ChatCloseCode.GoingAway, 'server shutting down');
          }),
      ),
    );
    await this.options.bus.close().catch((error: unknown) => this.options.log.warn({ err: error }, 'chat bus did not close cleanly'));
  }

  private disconnect(connection: ChatConnection): void {
    this.connections.delete(connection);
    const identity = connection.identity;
    if (identity === null) return;
    for (const groupId of connection.groups) this.groups.get(groupId)?.remove(identity.userId, connection);
    connection.groups.clear();
    const mine = this.byUser.get(identity.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(identity.userId);
    this.presenceChanged();
  }

  private async onFrame(connection: ChatConnection, data: Buffer, isBinary: boolean): Promise<void> {
    const parsed = parseChatFrame(data, isBinary);
    if (!parsed.ok) {
      connection.badFrames += 1;
      this.reply(connection, { type: 'error', code: 'bad-frame', message: parsed.message, ...(parsed.ref !== undefined ? { ref: parsed.ref } : {}) });
      if (connection.badFrames === (this.options.maxBadFrames ?? 10)) {
        // The client's mistake, not ours: worth a line for an operator, not the error log.
        this.options.log.info({ badFrames: connection.badFrames, userId: connection.identity?.userId }, 'chat: closing a client after too many bad frames');
        connection.socket.close(ChatCloseCode.PolicyViolation, 'too many invalid frames');
      }
      return;
    }
    const frame = parsed.frame;
    // Sends have their own limits (the refusal says so); everything else shares a request budget.
    if (frame.type !== 'send' && !this.requestRate.take(connectionKey(connection), Date.now()).ok) {
      this.error(connection, frame.ref, 'rate-limited', chatMessages.tooManyRequests);
      return;
    }
    if (frame.type === 'login') return this.login(connection, frame);
    if (frame.type === 'ping') return this.reply(connection, { type: 'pong', at: Date.now(), ...ref(frame.ref) });
    const identity = connection.identity;
    if (identity === null) {
      if (frame.type === 'send') return this.refuse(connection, frame.ref, 'not-logged-in', chatMessages.notLoggedIn);
      return this.error(connection, frame.ref, 'not-logged-in', chatMessages.notLoggedIn);
    }
    switch (frame.type) {
      case 'join':
        return this.join(connection, identity, frame);
      case 'quit':
        return this.quit(connection, identity, frame);
      case 'send':
        return this.send(connection, identity, frame);
      case 'count':
        return this.reply(connection, { type: 'count', groupId: frame.groupId, count: this.onlineCount(frame.groupId), ...ref(frame.ref) });
      case 'profile':
        return this.updateProfile(connection, identity, frame);
      case 'create-group':
        return this.createGroup(connection, identity, frame);
    }
  }

  // ---- Login ----

  private async login(connection: ChatConnection, frame: Extract<ChatClientFrame, { type: 'login' }>): Promise<void> {
    if (connection.identity !== null) return this.error(connection, frame.ref, 'already-logged-in', chatMessages.alreadyLoggedIn);
    const failed = (reason: ChatLoginFailure) =>
      this.reply(connection, { type: 'login-result', v: CHAT_PROTOCOL_VERSION, ok: false, reason, message: chatMessages.login[reason], ...ref(frame.ref) });
    if (frame.v !== CHAT_PROTOCOL_VERSION) return failed('unsupported-version');
    // With Tencent Cloud IM configured the page talks to Tencent; member sigs are Tencent's.
    if (this.options.config.provider !== 'builtin') return failed('provider-mismatch');
    let identity: ChatIdentity;
    if (frame.userId.startsWith('guest_')) {
      const verified = this.options.guestSigner.verify(frame.userId, frame.userSig);
      if (!verified.valid) return failed(verified.reason);
      identity = { userId: frame.userId, kind: 'guest', memberId: null, sessionId: null };
      connection.profile = guestChatProfile(this.options.guestNicknamePrefix, frame.userId);
    } else {
      const verified = this.options.memberSigner.verify(frame.userId, frame.userSig);
      if (!verified.valid) return failed(verified.reason);
      const memberId = Number(frame.userId);
      const user = await this.options.directory.user(memberId);
      if (user === null) return failed('unknown-user');
      // The signature outlives nothing: signed out or reset since it was issued, it is refused.
      if (!(await this.options.sessions.isActive(verified.sessionId, memberId))) return failed('session-ended');
      identity = { userId: frame.userId, kind: 'member', memberId, sessionId: verified.sessionId };
      connection.profile = memberChatProfile(user, memberId);
    }
    if (connection.identity !== null || connection.socket.readyState !== connection.socket.OPEN) return;
    connection.identity = identity;
    let mine = this.byUser.get(identity.userId);
    if (mine === undefined) {
      mine = new Set();
      this.byUser.set(identity.userId, mine);
    }
    mine.add(connection);
    this.reply(connection, {
      type: 'login-result',
      v: CHAT_PROTOCOL_VERSION,
      ok: true,
      userId: identity.userId,
      kind: identity.kind,
      profile: { ...connection.profile },
      canSend: identity.kind === 'member' || this.options.config.guestsMaySend,
      ...ref(frame.ref),
    });
  }

  // ---- Ended sessions ----

  /** Cuts the connections whose member's site session ended (sign-out, password reset, expiry). */
  private async cutEndedSessions(): Promise<void> {
    if (this.checkingSessions || this.closing) return;
    this.checkingSessions = true;
    try {
      const bySession = new Map<number, ChatConnection[]>();
      for (const connection of this.connections) {
        const sessionId = connection.identity?.sessionId;
        if (sessionId === null || sessionId === undefined) continue;
        const list = bySession.get(sessionId);
        if (list === undefined) bySession.set(sessionId, [connection]);
        else list.push(connection);
      }
      if (bySession.size === 0) return;
      const ended = await this.options.sessions.ended([...bySession.keys()]);
      for (const sessionId of ended) for (const connection of bySession.get(sessionId) ?? []) this.endSession(connection);
    } catch (error) {
      this.options.log.error({ err: error }, 'chat: checking members\' sessions failed');
    } finally {
      this.checkingSessions = false;
    }
  }

  private endSession(connection: ChatConnection): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.close(ChatCloseCode.SessionEnded, 'session ended');
  }

  // ---- Groups ----

  private async groupExists(groupId: string): Promise<boolean> {
    if (this.createdGroups.has(groupId)) return true;
    return (await this.options.directory.room(groupId)) !== null;
  }

  private groupOf(groupId: string): ChatGroup {
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = new ChatGroup(groupId, CHAT_HISTORY_LIMIT, this.options.flushIntervalMs ?? DEFAULT_CHAT_FLUSH_MS);
      this.groups.set(groupId, group);
    }
    return group;
  }

  private async join(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'join' }>): Promise<void> {
    const { groupId } = frame;
    const already = connection.groups.has(groupId);
    if (!already) {
      if (connection.groups.size >= (this.options.maxGroupsPerConnection ?? 5)) return this.error(connection, frame.ref, 'too-many-groups', chatMessages.tooManyGroups);
      if (!(await this.groupExists(groupId))) return this.error(connection, frame.ref, 'no-such-group', chatMessages.noSuchGroup);
    }
    const group = this.groupOf(groupId);
    await group.loadHistory(() => this.options.bus.history(groupId, CHAT_HISTORY_LIMIT));
    if (connection.socket.readyState !== connection.socket.OPEN || connection.identity !== identity) return;
    connection.groups.add(groupId);
    const firstHere = group.add(identity.userId, connection);
    // Joined before (or on another tab of the same identity): the status Tencent answers too.
    const status = already || !firstHere ? 'already-in-group' : 'success';
    this.reply(connection, { type: 'join-status', groupId, status, ...ref(frame.ref) });
    // Written before any later broadcast: the next flush of the group comes after this frame.
    this.reply(connection, { type: 'history', groupId, messages: group.recentMessages() });
    if (status === 'success') this.presenceChanged();
  }

  private quit(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'quit' }>): void {
    if (connection.groups.delete(frame.groupId)) {
      this.groups.get(frame.groupId)?.remove(identity.userId, connection);
      this.presenceChanged();
    }
    this.reply(connection, { type: 'quit-done', groupId: frame.groupId, ...ref(frame.ref) });
  }

  private async createGroup(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'create-group' }>): Promise<void> {
    if (identity.memberId === null || identity.userId !== frame.ownerUserId) return this.error(connection, frame.ref, 'forbidden', chatMessages.notYourGroup);
    const user = await this.options.directory.user(identity.memberId);
    const room = await this.options.directory.room(frame.ownerUserId);
    if (room === null && user?.isAnchor !== true) return this.error(connection, frame.ref, 'forbidden', chatMessages.notAnchor);
    this.createdGroups.add(frame.ownerUserId);
    this.reply(connection, { type: 'group-created', groupId: frame.ownerUserId, ...ref(frame.ref) });
  }

  /**
   * The client asks to be shown under a nickname and avatar (SPEC: after login). What it asks for
   * is not taken: the answer is the account's profile read again (so a rename shows at once), or
   * for a guest the prefix + id. Names are the server's word (chatNames.ts).
   */
  private async updateProfile(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'profile' }>): Promise<void> {
    const now = Date.now();
    // One database read a second per connection at most: a client repeating the frame gets the profile it has.
    if (identity.memberId !== null && now - connection.profileReadAt >= PROFILE_REREAD_MS) {
      connection.profileReadAt = now;
      connection.profile = memberChatProfile(await this.options.directory.reloadUser(identity.memberId), identity.memberId);
    }
    this.reply(connection, { type: 'profile-updated', profile: { ...connection.profile }, ...ref(frame.ref) });
  }

  // ---- Sending ----

  private async send(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'send' }>): Promise<void> {
    const refuse = (code: ChatSendRefusal['code'], message: string) => this.refuse(connection, frame.ref, code, message);
    if (!connection.groups.has(frame.groupId)) return refuse('not-in-group', chatMessages.notInGroup);
    if (identity.kind === 'guest' && !this.options.config.guestsMaySend) return refuse('not-logged-in', chatMessages.guestsReadOnly);
    const text = cleanChatText(frame.text);
    if (!text.ok) return refuse(text.code, text.code === 'empty' ? chatMessages.empty : chatMessages.tooLong);
    const room = await this.options.directory.room(frame.groupId);
    const role = await this.roleOf(identity, room);
    if (room !== null && identity.memberId !== null && role !== 'anchor') {
      const mute = await this.options.directory.muteOf(room.roomId, identity.memberId);
      if (mute !== undefined) return refuse('muted', mute === null ? chatMessages.muted : chatMessages.mutedUntil(mute));
    }
    const now = Date.now();
    const limiter = identity.kind === 'guest' ? this.guestRate : this.memberRate;
    const rate = limiter.take(identity.userId, now);
    if (!rate.ok) return refuse('rate-limited', chatMessages.rateLimited(Math.ceil(rate.retryAfterMs / 1000)));
    if (!this.roomCap.take(frame.groupId, role === 'anchor' || role === 'admin', now)) return refuse('room-busy', chatMessages.roomBusy);
    // Last of the checks (the limits above keep a flood from reaching the database): a member
    // who signed out since logging in to the chat says nothing more.
    if (identity.sessionId !== null && identity.memberId !== null && !(await this.options.sessions.isActive(identity.sessionId, identity.memberId))) {
      refuse('not-logged-in', chatMessages.sessionEnded);
      return this.endSession(connection);
    }
    // The account as it is now (cached a minute): a rename made on the site reaches the chat.
    if (identity.memberId !== null) connection.profile = memberChatProfile(await this.options.directory.user(identity.memberId), identity.memberId);
    const draft: ChatMessageDraft = {
      id: this.nextMessageId(),
      groupId: frame.groupId,
      kind: frame.kind,
      text: text.text,
      from: { userId: identity.userId, nickname: connection.profile.nickname, avatar: connection.profile.avatar, role },
      cloudCustomData: { type: 0 },
      sentAt: this.options.clock().getTime(),
    };
    let message: ChatGroupMessage;
    try {
      message = await this.options.bus.publishMessage(draft, true);
    } catch (error) {
      this.options.log.warn({ err: error }, 'chat: publishing a message failed');
      return refuse('failed', chatMessages.failed);
    }
    this.reply(connection, { type: 'ack', ref: frame.ref, message });
  }

  private async roleOf(identity: ChatIdentity, room: { roomId: number; ownerId: number } | null): Promise<ChatSenderRole> {
    if (identity.memberId === null) return 'guest';
    if (room === null) return 'member';
    if (room.ownerId === identity.memberId) return 'anchor';
    return (await this.options.directory.roomAdmins(room.roomId)).has(identity.memberId) ? 'admin' : 'member';
  }

  /** A message in the assistant channel (cloudCustomData.type 1), from the system. */
  private postSystem(groupId: string, text: string, keep: boolean): void {
    const draft: ChatMessageDraft = {
      id: this.nextMessageId(),
      groupId,
      kind: 'text',
      text,
      from: { userId: 'system', nickname: '系统消息', avatar: '', role: 'system' },
      cloudCustomData: { type: 1 },
      sentAt: this.options.clock().getTime(),
    };
    this.options.bus.publishMessage(draft, keep).catch((error: unknown) => this.options.log.warn({ err: error }, 'chat: a system message failed'));
  }

  private nextMessageId(): string {
    this.messageCounter += 1;
    return `${this.idPrefix}-${this.options.clock().getTime().toString(36)}-${this.messageCounter.toString(36)}`;
  }

  /** A message for a group this node has nobody in: only the history matters. */
  private keepForLater(message: ChatGroupMessage, keep: boolean): void {
    if (keep) this.groupOf(message.groupId).deliver(message, true);
  }

  // ---- Notices (C2C) ----

  private sendNotice(userId: number, text: string): void {
    // Increasing per node and over restarts (time-based), so "same last sequence" means a duplicate.
    this.noticeSeq = Math.max(this.noticeSeq + 1, Date.now());
    const notice: ChatSystemNotice = { id: `${this.idPrefix}-n${this.noticeSeq}`, lastSequence: this.noticeSeq, text, sentAt: this.options.clock().getTime() };
    this.options.bus.publishNotice(String(userId), notice);
  }

  private deliverNotice(userId: string, notice: ChatSystemNotice): void {
    const connections = this.byUser.get(userId);
    if (connections === undefined) return;
    const frame = encodeChatFrame({ type: 'notice', notice });
    for (const connection of connections) connection.write(frame);
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

  // ---- Replies ----

  private reply(connection: ChatConnection, frame: ChatServerFrame): void {
    connection.write(encodeChatFrame(frame));
  }

  private error(connection: ChatConnection, requestRef: string | undefined, code: ChatErrorCode, message: string): void {
    this.reply(connection, { type: 'error', code, message, ...ref(requestRef) });
  }

  private refuse(connection: ChatConnection, requestRef: string, code: ChatSendRefusal['code'], message: string): void {
    this.reply(connection, { type: 'refused', ref: requestRef, refusal: { code, message } });
  }

  // ---- Presence reports and housekeeping ----

  private presenceChanged(): void {
    this.presenceDirty = true;
    if (this.presenceTimer !== null || this.closing) return;
    // Reports are coalesced: 5,000 joins in a second make a handful of reports, not 5,000.
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.reportPresence();
    }, 250);
    this.presenceTimer.unref();
  }

  private reportPresence(): void {
    this.presenceDirty = false;
    const counts: Record<string, number> = {};
    for (const [groupId, group] of this.groups) if (group.memberCount > 0) counts[groupId] = group.memberCount;
    this.options.bus.publishPresence(counts);
  }

  private sweep(): void {
    const now = Date.now();
    this.memberRate.sweep(now);
    this.guestRate.sweep(now);
    this.requestRate.sweep(now);
    this.roomCap.sweep(now);
    for (const [nodeId, report] of this.remotePresence) if (report.at < now - PRESENCE_STALE_MS) this.remotePresence.delete(nodeId);
    // A periodic report keeps this node's counts fresh on the others even when nothing changes.
    if (!this.presenceDirty) this.reportPresence();
    for (const [groupId, group] of this.groups) {
      if (group.memberCount === 0 && group.recentMessages().length === 0) {
        group.dispose();
        this.groups.delete(groupId);
      }
    }
  }
}

function ref(value: string | undefined): { ref?: string } {
  return value === undefined ? {} : { ref: value };
}

const connectionKeys = new WeakMap<ChatConnection, string>();
let connectionCounter = 0;
function connectionKey(connection: ChatConnection): string {
  let key = connectionKeys.get(connection);
  if (key === undefined) {
    connectionCounter += 1;
    key = `c${connectionCounter}`;
    connectionKeys.set(connection, key);
  }
  return key;
}
