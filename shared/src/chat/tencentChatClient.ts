import { ChatEmitter } from './chatEmitter';
import { chatMessages } from './chatMessages';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatClient,
  type ChatClientEvents,
  type ChatGroupMessage,
  type ChatLoginIdentity,
  type ChatProfileUpdate,
  type ChatSendRefusal,
  type ChatSendResult,
  type ChatSenderRole,
  type ChatSystemNotice,
  type JoinGroupStatus,
} from './chatClient';
import { RecentIds } from './recentIds';

/**
 * The part of tim-js-sdk 2.27.6 this client uses, typed here so that the 589 KB SDK is only a
 * dynamic import (never in the first load) and tests can hand in a fake with the same shape.
 */
export interface TimMessage {
  ID: string;
  type: string;
  payload: { text?: string; data?: string; description?: string };
  conversationType: string;
  to: string;
  from: string;
  /** Seconds since the epoch. */
  time: number;
  nick: string;
  avatar: string;
  cloudCustomData: string;
  /** Present at run time (not in the SDK's .d.ts): the message's sequence in its conversation. */
  sequence?: number;
}

export interface TimEvent {
  name: string;
  data: unknown;
}

/** What the SDK's promises resolve to (imResponse). */
export interface TimResponse<Data> {
  code: number;
  data: Data;
}

export interface TimInstance {
  setLogLevel(level: number): void;
  on(eventName: string, handler: (event: TimEvent) => void): void;
  off(eventName: string, handler: (event: TimEvent) => void): void;
  login(options: { userID: string; userSig: string }): Promise<TimResponse<unknown>>;
  logout(): Promise<unknown>;
  destroy(): Promise<unknown>;
  createGroup(options: { name: string; type: string; groupID: string }): Promise<TimResponse<unknown>>;
  joinGroup(options: { groupID: string; type: string }): Promise<TimResponse<{ status: string }>>;
  quitGroup(groupID: string): Promise<unknown>;
  createTextMessage(options: { to: string; conversationType: string; payload: { text: string }; cloudCustomData?: string }): TimMessage;
  sendMessage(message: TimMessage): Promise<TimResponse<{ message: TimMessage }>>;
  getGroupOnlineMemberCount(groupID: string): Promise<TimResponse<{ memberCount: number }>>;
  updateMyProfile(options: { nick?: string; avatar?: string; gender?: string; allowType?: string }): Promise<unknown>;
}

export interface TimSdk {
  create(options: { SDKAppID: number }): TimInstance;
  EVENT: { SDK_READY: string; SDK_NOT_READY: string; MESSAGE_RECEIVED: string; NET_STATE_CHANGE: string; KICKED_OUT: string };
  TYPES: {
    GRP_AVCHATROOM: string;
    CONV_GROUP: string;
    CONV_C2C: string;
    MSG_TEXT: string;
    MSG_CUSTOM: string;
    JOIN_STATUS_SUCCESS: string;
    JOIN_STATUS_WAIT_APPROVAL: string;
    JOIN_STATUS_ALREADY_IN_GROUP: string;
    GENDER_MALE: string;
    ALLOW_TYPE_ALLOW_ANY: string;
    NET_STATE_CONNECTED: string;
    NET_STATE_CONNECTING: string;
    NET_STATE_DISCONNECTED: string;
  };
}

/** The real SDK, fetched only when the Tencent provider is configured and a room logs in. */
export const loadTimSdk = async (): Promise<TimSdk> => (await import('tim-js-sdk')).default as unknown as TimSdk;

/** TIM error codes this client gives a meaning to. */
const TIM_ERROR = {
  /** createGroup: the group id is taken, by this very user (the anchor's room exists already). */
  groupIdUsedByMe: 10025,
  /** sendMessage: the sender is muted in the group. */
  muted: 10017,
  /** sendMessage: the group's message frequency limit. */
  frequencyLimit: 10023,
  /** joinGroup: already a member. */
  alreadyMember: 10013,
} as const;

/** The SDK's release log level: important messages only. */
const TIM_LOG_LEVEL_RELEASE = 1;
/** The SDK may only send once SDK_READY fired after login (its docs); do not wait for ever. */
export const TIM_READY_TIMEOUT_MS = 15_000;
const SEEN_IDS = 2_000;

export interface TencentChatClientOptions {
  sdkAppId: number;
  /** Loads the SDK module; tests pass a fake. */
  loadSdk?: () => Promise<TimSdk>;
  readyTimeoutMs?: number;
}

/** What this client writes into cloudCustomData (JSON text), read back from incoming messages. */
interface CloudCustomData {
  type: 0 | 1;
  kind: 'text' | 'danmaku';
}

/**
 * ChatClient over Tencent Cloud IM (tim-js-sdk, loaded lazily on first login). A live room is an
 * AVChatRoom named after its anchor's user id; the channel and danmaku flag travel in
 * cloudCustomData as JSON. The SDK reconnects by itself; its net state is reported as-is.
 */
export class TencentChatClient implements ChatClient {
  readonly provider = 'tencent' as const;
  private readonly emitter = new ChatEmitter();
  private readonly seen = new RecentIds(SEEN_IDS);
  private readonly loadSdk: () => Promise<TimSdk>;
  private readonly readyTimeoutMs: number;
  private sdk: TimSdk | null = null;
  private tim: TimInstance | null = null;
  private identity: ChatLoginIdentity | null = null;
  private readonly handlers: [string, (event: TimEvent) => void][] = [];

  constructor(private readonly options: TencentChatClientOptions) {
    this.loadSdk = options.loadSdk ?? loadTimSdk;
    this.readyTimeoutMs = options.readyTimeoutMs ?? TIM_READY_TIMEOUT_MS;
  }

  async login(identity: ChatLoginIdentity): Promise<void> {
    const { sdk, tim } = await this.instance();
    const ready = this.waitFor(sdk.EVENT.SDK_READY);
    try {
      await tim.login({ userID: identity.userId, userSig: identity.userSig });
      await ready.promise;
    } finally {
      ready.cancel();
    }
    this.identity = identity;
    this.emitter.emit('connectionChange', 'connected');
  }

  async logout(): Promise<void> {
    if (this.tim === null || this.identity === null) return;
    this.identity = null;
    await this.tim.logout();
  }

  async joinGroup(groupId: string): Promise<JoinGroupStatus> {
    const { sdk, tim } = this.ready();
    let status: string;
    try {
      status = (await tim.joinGroup({ groupID: groupId, type: sdk.TYPES.GRP_AVCHATROOM })).data.status;
    } catch (error) {
      if (timErrorCode(error) === TIM_ERROR.alreadyMember) return 'already-in-group';
      throw error;
    }
    if (status === sdk.TYPES.JOIN_STATUS_WAIT_APPROVAL) return 'wait-approval';
    if (status === sdk.TYPES.JOIN_STATUS_ALREADY_IN_GROUP) return 'already-in-group';
    return 'success';
  }

  async quitGroup(groupId: string): Promise<void> {
    if (this.tim === null || this.identity === null) return;
    await this.tim.quitGroup(groupId);
  }

  async sendGroupMessage(groupId: string, text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> {
    if (this.sdk === null || this.tim === null || this.identity === null) return refused('not-logged-in', chatMessages.notLoggedIn);
    const trimmed = text.trim();
    if (trimmed === '') return refused('empty', chatMessages.empty);
    if ([...trimmed].length > CHAT_MESSAGE_MAX_LENGTH) return refused('too-long', chatMessages.tooLong(CHAT_MESSAGE_MAX_LENGTH));
    // The anchor speaks on the anchor channel (type 0); everyone else on the assistant channel.
    const custom: CloudCustomData = { type: this.identity.userId === groupId ? 0 : 1, kind };
    const draft = this.tim.createTextMessage({
      to: groupId,
      conversationType: this.sdk.TYPES.CONV_GROUP,
      payload: { text: trimmed },
      cloudCustomData: JSON.stringify(custom),
    });
    try {
      const sent = (await this.tim.sendMessage(draft)).data.message;
      this.seen.add(sent.ID);
      const message = this.toGroupMessage(sent);
      return message === null ? refused('failed', chatMessages.sendFailed) : { ok: true, message };
    } catch (error) {
      return { ok: false, refusal: refusalFor(timErrorCode(error)) };
    }
  }

  async getOnlineMemberCount(groupId: string): Promise<number> {
    const { tim } = this.ready();
    return (await tim.getGroupOnlineMemberCount(groupId)).data.memberCount;
  }

  /** SPEC.md section 7: nickname, avatar, gender male, allow anyone to add. */
  async updateMyProfile(profile: ChatProfileUpdate): Promise<void> {
    const { sdk, tim } = this.ready();
    const options: Parameters<TimInstance['updateMyProfile']>[0] = { gender: sdk.TYPES.GENDER_MALE, allowType: sdk.TYPES.ALLOW_TYPE_ALLOW_ANY };
    if (profile.nickname !== undefined) options.nick = profile.nickname;
    if (profile.avatar !== undefined) options.avatar = profile.avatar;
    await tim.updateMyProfile(options);
  }

  /** The anchor's AVChatRoom, named and identified by their user id; an existing one is fine. */
  async createAnchorGroup(ownerUserId: string): Promise<string> {
    const { sdk, tim } = this.ready();
    try {
      await tim.createGroup({ name: ownerUserId, type: sdk.TYPES.GRP_AVCHATROOM, groupID: ownerUserId });
    } catch (error) {
      if (timErrorCode(error) !== TIM_ERROR.groupIdUsedByMe) throw error;
    }
    return ownerUserId;
  }

  on<E extends keyof ChatClientEvents>(event: E, listener: ChatClientEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  destroy(): void {
    const tim = this.tim;
    this.tim = null;
    this.identity = null;
    this.emitter.clear();
    if (tim === null) return;
    for (const [name, handler] of this.handlers.splice(0)) tim.off(name, handler);
    tim.destroy().catch(() => undefined);
  }

  // ---- SDK ----

  private async instance(): Promise<{ sdk: TimSdk; tim: TimInstance }> {
    if (this.sdk !== null && this.tim !== null) return { sdk: this.sdk, tim: this.tim };
    const sdk = await this.loadSdk();
    const tim = sdk.create({ SDKAppID: this.options.sdkAppId });
    tim.setLogLevel(TIM_LOG_LEVEL_RELEASE);
    this.sdk = sdk;
    this.tim = tim;
    this.listen(sdk.EVENT.MESSAGE_RECEIVED, (event) => this.onMessages(event.data));
    this.listen(sdk.EVENT.NET_STATE_CHANGE, (event) => this.onNetState(event.data));
    this.listen(sdk.EVENT.KICKED_OUT, () => {
      this.identity = null;
      this.emitter.emit('connectionChange', 'offline');
    });
    return { sdk, tim };
  }

  private ready(): { sdk: TimSdk; tim: TimInstance } {
    if (this.sdk === null || this.tim === null || this.identity === null) throw new Error(chatMessages.notLoggedIn);
    return { sdk: this.sdk, tim: this.tim };
  }

  private listen(name: string, handler: (event: TimEvent) => void): void {
    this.tim?.on(name, handler);
    this.handlers.push([name, handler]);
  }

  /** Resolves when the SDK fires `name`; rejects after the ready timeout. */
  private waitFor(name: string): { promise: Promise<void>; cancel: () => void } {
    let cancel = () => undefined as void;
    const promise = new Promise<void>((resolve, reject) => {
      const handler = () => {
        cancel();
        resolve();
      };
      const timer = setTimeout(() => {
        cancel();
        reject(new Error(chatMessages.requestTimeout));
      }, this.readyTimeoutMs);
      this.tim?.on(name, handler);
      cancel = () => {
        clearTimeout(timer);
        this.tim?.off(name, handler);
      };
    });
    // A rejection nobody awaits (login failed first) must not surface as unhandled.
    promise.catch(() => undefined);
    return { promise, cancel };
  }

  private onNetState(data: unknown): void {
    const state = (data as { state?: string } | null)?.state;
    const types = this.sdk?.TYPES;
    if (types === undefined) return;
    if (state === types.NET_STATE_CONNECTED) this.emitter.emit('connectionChange', 'connected');
    else if (state === types.NET_STATE_CONNECTING) this.emitter.emit('connectionChange', 'reconnecting');
    else if (state === types.NET_STATE_DISCONNECTED) this.emitter.emit('connectionChange', 'offline');
  }

  /** TIM.EVENT.MESSAGE_RECEIVED: group messages and C2C system notices; each message id once. */
  private onMessages(data: unknown): void {
    if (!Array.isArray(data) || this.sdk === null) return;
    for (const raw of data as TimMessage[]) {
      if (typeof raw?.ID !== 'string' || !this.seen.add(raw.ID)) continue;
      if (raw.conversationType === this.sdk.TYPES.CONV_GROUP) {
        const message = this.toGroupMessage(raw);
        if (message !== null) this.emitter.emit('groupMessage', message);
      } else if (raw.conversationType === this.sdk.TYPES.CONV_C2C) {
        const notice = this.toNotice(raw);
        if (notice !== null) this.emitter.emit('systemNotice', notice);
      }
    }
  }

  private toGroupMessage(raw: TimMessage): ChatGroupMessage | null {
    const text = textOf(raw, this.sdk as TimSdk);
    if (text === null) return null;
    const custom = parseCloudCustomData(raw.cloudCustomData);
    const role = roleOf(raw.from, raw.to);
    return {
      id: raw.ID,
      seq: typeof raw.sequence === 'number' ? raw.sequence : 0,
      groupId: raw.to,
      kind: custom.kind,
      text: text.slice(0, CHAT_MESSAGE_MAX_LENGTH * 2),
      from: { userId: raw.from, nickname: raw.nick || raw.from, avatar: raw.avatar ?? '', role },
      // Any member can write cloudCustomData: the anchor channel takes only the anchor's word for it.
      cloudCustomData: { type: role === 'anchor' ? custom.type : 1 },
      sentAt: (raw.time ?? 0) * 1000,
    };
  }

  private toNotice(raw: TimMessage): ChatSystemNotice | null {
    const text = textOf(raw, this.sdk as TimSdk);
    if (text === null) return null;
    return { id: raw.ID, lastSequence: typeof raw.sequence === 'number' ? raw.sequence : 0, text, sentAt: (raw.time ?? 0) * 1000 };
  }
}

/** A text element's text; a custom element's data.text (JSON) or description. */
function textOf(raw: TimMessage, sdk: TimSdk): string | null {
  if (raw.type === sdk.TYPES.MSG_TEXT) return typeof raw.payload?.text === 'string' ? raw.payload.text : null;
  if (raw.type !== sdk.TYPES.MSG_CUSTOM) return null;
  try {
    const data = JSON.parse(raw.payload?.data ?? '') as { text?: unknown };
    if (typeof data?.text === 'string') return data.text;
  } catch {
    // not JSON: fall back to the description
  }
  return typeof raw.payload?.description === 'string' && raw.payload.description !== '' ? raw.payload.description : null;
}

/** cloudCustomData is JSON text; anything but type 0 is the assistant channel. */
function parseCloudCustomData(text: string | undefined): CloudCustomData {
  try {
    const parsed = JSON.parse(text ?? '') as { type?: unknown; kind?: unknown };
    return { type: parsed?.type === 0 ? 0 : 1, kind: parsed?.kind === 'danmaku' ? 'danmaku' : 'text' };
  } catch {
    return { type: 1, kind: 'text' };
  }
}

function roleOf(userId: string, groupId: string): ChatSenderRole {
  if (userId === groupId) return 'anchor';
  if (userId.startsWith('guest_')) return 'guest';
  return 'member';
}

function timErrorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

function refused(code: ChatSendRefusal['code'], message: string): ChatSendResult {
  return { ok: false, refusal: { code, message } };
}

function refusalFor(code: number | undefined): ChatSendRefusal {
  if (code === TIM_ERROR.muted) return { code: 'muted', message: chatMessages.muted };
  if (code === TIM_ERROR.frequencyLimit) return { code: 'rate-limited', message: chatMessages.rateLimited };
  return { code: 'failed', message: chatMessages.sendFailed };
}
