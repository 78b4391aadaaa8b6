import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatClient,
  type ChatClientEvents,
  type ChatGroupMessage,
  type ChatLoginIdentity,
  type ChatProfileUpdate,
  type ChatSendRefusal,
  type ChatSendResult,
  type ChatSender,
  type ChatSenderRole,
  type ChatSystemNotice,
  type JoinGroupStatus,
} from '../chat/chatClient';
import { ChatEmitter } from '../chat/chatEmitter';
import type { ChatDanmakuStyle, ChatHorn } from '../chat/protocol';

/**
 * An in-memory chat for unit tests of the room UI and the chat session (the built-in client is
 * tested against the real server, the Tencent client against a fake SDK). Clients made from one
 * `FakeChatNetwork` see each other's messages, like two browsers in one room. Tests drive the
 * parts a server would: incoming messages, system notices, mutes, dropped connections, failures.
 */
export class FakeChatNetwork {
  private readonly groups = new Map<string, { members: Set<FakeChatClient>; seq: number }>();
  private readonly muted = new Set<string>();
  private messageCounter = 0;
  /** Roles the server would know (anchor, admin); everyone else is member or guest by identity. */
  readonly roles = new Map<string, ChatSenderRole>();
  /** Overrides the member count answered for a group (Tencent counts more than who is connected). */
  readonly memberCountOverride = new Map<string, number>();

  client(options: FakeChatClientOptions = {}): FakeChatClient {
    return new FakeChatClient({ ...options, network: this });
  }

  mute(userId: string): void {
    this.muted.add(userId);
  }

  unmute(userId: string): void {
    this.muted.delete(userId);
  }

  isMuted(userId: string): boolean {
    return this.muted.has(userId);
  }

  /** @internal */
  join(groupId: string, client: FakeChatClient): JoinGroupStatus {
    const group = this.group(groupId);
    if (group.members.has(client)) return 'already-in-group';
    group.members.add(client);
    return 'success';
  }

  /** @internal */
  leave(groupId: string, client: FakeChatClient): void {
    this.groups.get(groupId)?.members.delete(client);
  }

  memberCount(groupId: string): number {
    return this.memberCountOverride.get(groupId) ?? this.groups.get(groupId)?.members.size ?? 0;
  }

  /**
   * A group message reaches every client in the group. The sender has it from its send result
   * already, so it does not get it again as an event (as with both real clients). Tests call it
   * to inject a message from anyone.
   */
  publish(
    groupId: string,
    input: { text: string; kind?: 'text' | 'danmaku'; from?: Partial<ChatSender>; channel?: 0 | 1; id?: string; style?: ChatDanmakuStyle },
    sender?: FakeChatClient,
  ): ChatGroupMessage {
    const group = this.group(groupId);
    group.seq += 1;
    this.messageCounter += 1;
    const from: ChatSender = { userId: 'someone', nickname: '观众', avatar: '', role: 'member', ...input.from };
    const message: ChatGroupMessage = {
      id: input.id ?? `fake-${this.messageCounter}`,
      seq: group.seq,
      groupId,
      kind: input.kind ?? 'text',
      text: input.text,
      from,
      cloudCustomData: { type: input.channel ?? (from.role === 'anchor' ? 0 : 1), ...(input.style === undefined ? {} : { style: input.style }) },
      sentAt: Date.now(),
    };
    sender?.markSeen(message.id);
    for (const member of group.members) member.deliverGroupMessage(message);
    return message;
  }

  private group(groupId: string) {
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = { members: new Set(), seq: 0 };
      this.groups.set(groupId, group);
    }
    return group;
  }
}

type FailableMethod = 'login' | 'joinGroup' | 'sendGroupMessage' | 'getOnlineMemberCount' | 'updateMyProfile' | 'createAnchorGroup' | 'quitGroup' | 'logout';

export interface FakeChatClientOptions {
  network?: FakeChatNetwork;
  provider?: ChatClient['provider'];
  /** The answer of joinGroup (default: 'success', then 'already-in-group'). */
  joinStatus?: JoinGroupStatus;
}

/** One recorded call, for assertions such as "the nickname was set 1 s after login". */
export interface FakeChatCall {
  method: FailableMethod;
  args: unknown[];
  /** Date.now() when called (fake timers move it). */
  at: number;
}

/** An in-memory ChatClient with the semantics of the real ones (see FakeChatNetwork). */
export class FakeChatClient implements ChatClient {
  readonly provider: ChatClient['provider'];
  readonly network: FakeChatNetwork;
  readonly calls: FakeChatCall[] = [];
  identity: ChatLoginIdentity | null = null;
  profile: ChatProfileUpdate = {};
  readonly joinedGroups = new Set<string>();
  destroyed = false;
  private readonly emitter = new ChatEmitter();
  private readonly failures = new Map<FailableMethod, Error[]>();
  private readonly seenMessageIds = new Set<string>();
  private readonly joinStatus: JoinGroupStatus | undefined;

  constructor(options: FakeChatClientOptions = {}) {
    this.network = options.network ?? new FakeChatNetwork();
    this.provider = options.provider ?? 'builtin';
    this.joinStatus = options.joinStatus;
  }

  /** The next call of `method` rejects with `error` (queue several by calling again). */
  failNext(method: FailableMethod, error: Error = new Error(`${method} failed`)): this {
    const queue = this.failures.get(method) ?? [];
    queue.push(error);
    this.failures.set(method, queue);
    return this;
  }

  callsOf(method: FailableMethod): FakeChatCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async login(identity: ChatLoginIdentity): Promise<void> {
    this.record('login', [identity]);
    this.identity = identity;
    this.emitter.emit('connectionChange', 'connected');
  }

  async logout(): Promise<void> {
    this.record('logout', []);
    for (const groupId of this.joinedGroups) this.network.leave(groupId, this);
    this.joinedGroups.clear();
    this.identity = null;
  }

  async joinGroup(groupId: string): Promise<JoinGroupStatus> {
    this.record('joinGroup', [groupId]);
    this.requireLogin();
    if (this.joinStatus === 'wait-approval') return 'wait-approval';
    const status = this.network.join(groupId, this);
    this.joinedGroups.add(groupId);
    return this.joinStatus ?? status;
  }

  async quitGroup(groupId: string): Promise<void> {
    this.record('quitGroup', [groupId]);
    this.network.leave(groupId, this);
    this.joinedGroups.delete(groupId);
  }

  async sendGroupMessage(groupId: string, text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> {
    this.record('sendGroupMessage', [groupId, text, kind]);
    const refusal = this.refusalFor(groupId, text);
    if (refusal !== null) return { ok: false, refusal };
    const identity = this.identity as ChatLoginIdentity;
    const role = this.network.roles.get(identity.userId) ?? (identity.kind === 'guest' ? 'guest' : 'member');
    const nickname = this.profile.nickname ?? identity.userId;
    const message = this.network.publish(groupId, {
      text: text.trim(),
      kind,
      from: { userId: identity.userId, nickname, avatar: this.profile.avatar ?? '', role },
      channel: role === 'anchor' ? 0 : 1,
    }, this);
    return { ok: true, message };
  }

  async getOnlineMemberCount(groupId: string): Promise<number> {
    this.record('getOnlineMemberCount', [groupId]);
    return this.network.memberCount(groupId);
  }

  async updateMyProfile(profile: ChatProfileUpdate): Promise<void> {
    this.record('updateMyProfile', [profile]);
    this.requireLogin();
    this.profile = { ...this.profile, ...profile };
  }

  async createAnchorGroup(ownerUserId: string): Promise<string> {
    this.record('createAnchorGroup', [ownerUserId]);
    this.requireLogin();
    return ownerUserId;
  }

  on<E extends keyof ChatClientEvents>(event: E, listener: ChatClientEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  destroy(): void {
    this.destroyed = true;
    for (const groupId of this.joinedGroups) this.network.leave(groupId, this);
    this.joinedGroups.clear();
    this.emitter.clear();
  }

  /** A C2C system notice reaches this client (muted, made admin...). */
  receiveSystemNotice(notice: Partial<ChatSystemNotice> & { lastSequence: number }): ChatSystemNotice {
    const full: ChatSystemNotice = { id: `notice-${notice.lastSequence}`, text: '系统通知', sentAt: Date.now(), ...notice };
    this.emitter.emit('systemNotice', full);
    return full;
  }

  /** A horn reaches this client (the built-in chat's `horn` frame). */
  receiveHorn(horn: ChatHorn): void {
    this.emitter.emit('horn', horn);
  }

  /** The connection state changes as a real client would report it. */
  setConnection(state: 'connected' | 'reconnecting' | 'offline'): void {
    this.emitter.emit('connectionChange', state);
  }

  /** @internal the network delivers; a message id seen before is dropped, as the real clients do. */
  deliverGroupMessage(message: ChatGroupMessage): void {
    if (this.seenMessageIds.has(message.id)) return;
    this.seenMessageIds.add(message.id);
    this.emitter.emit('groupMessage', message);
  }

  /** @internal */
  markSeen(id: string): void {
    this.seenMessageIds.add(id);
  }

  private record(method: FailableMethod, args: unknown[]): void {
    this.calls.push({ method, args, at: Date.now() });
    const error = this.failures.get(method)?.shift();
    if (error !== undefined) throw error;
  }

  private requireLogin(): void {
    if (this.identity === null) throw new Error('not logged in to chat');
  }

  private refusalFor(groupId: string, text: string): ChatSendRefusal | null {
    if (this.identity === null) return { code: 'not-logged-in', message: '聊天未登录，请稍后再试' };
    if (!this.joinedGroups.has(groupId)) return { code: 'not-in-group', message: '尚未进入聊天室' };
    if (text.trim() === '') return { code: 'empty', message: '请输入内容' };
    if ([...text].length > CHAT_MESSAGE_MAX_LENGTH) return { code: 'too-long', message: `消息不能超过${CHAT_MESSAGE_MAX_LENGTH}个字` };
    if (this.network.isMuted(this.identity.userId)) return { code: 'muted', message: '您已被禁言' };
    return null;
  }
}
