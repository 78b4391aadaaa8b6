// The page singleton by its name, never by a relative path: this file ships in mf-live's room
// chunk (@sports/shared/chat), and the atoms it writes must be the ones the page reads.
import {
  chatConnectionAtom,
  chatRoomStatusAtom,
  GROUP_JOIN_DELAY_MS,
  GUEST_CHAT_ACCOUNT_PATH,
  GUEST_PROFILE_UPDATE_DELAY_MS,
  guestIdAtom,
  imTouristAccountAtom,
  MEMBER_CHAT_SIG_PATH,
  messageListAtom,
  ONLINE_COUNT_BONUS,
  onLineAtom,
  sessionAtom,
  systemNoticeListAtom,
  userInfoAtom,
  zhuboMessageListAtom,
  zhushouMessageListAtom,
  type ApiClient,
  type SportsStore,
} from '@sports/shared';
import {
  type ChatClient,
  type ChatGroupMessage,
  type ChatLoginIdentity,
  type ChatSendResult,
  type ChatSystemNotice,
} from './chatClient';
import type { ChatHorn } from './protocol';
import { RecentIds } from './recentIds';

/** messageList and the two channel lists keep this many of the newest messages. */
export const CHAT_MESSAGE_LIST_LIMIT = 200;
/** How often the online count is asked again (Tencent asks for no more than once per 5-10 s). */
export const ONLINE_COUNT_REFRESH_MS = 15_000;
/** System notices waiting while the shown list is not empty (SPEC: it is set only if empty). */
const PENDING_NOTICES_LIMIT = 20;

export interface ChatSessionLogger {
  warn(message: string, ...details: unknown[]): void;
}

export interface ChatSessionOptions {
  /** The page's store: the session writes the SPEC atoms of chatAtoms.ts and sessionAtom.islogin. */
  store: SportsStore;
  api: Pick<ApiClient, 'get'>;
  /** The session owns it from here on: stop() destroys it. */
  client: ChatClient;
  /** The room's group: its anchor's user id. */
  groupId: string;
  /** System config im.guestNicknamePrefix. */
  guestNicknamePrefix: string;
  onlineRefreshMs?: number;
  messageListLimit?: number;
  logger?: ChatSessionLogger;
}

type MessageListener = (message: ChatGroupMessage) => void;
type NoticeListener = (notice: ChatSystemNotice) => void;

/**
 * The chat of one live room (SPEC.md sections 3, 4, 8, 9), without React: the mf-live room drives
 * it through a hook. It logs in as the member if there is one, else as the guest account; sets
 * islogin as SPEC section 4 says; 1 s after login names a guest and joins the room's group; keeps
 * the online count (+50) fresh; files group messages into messageList and the anchor/assistant
 * channels; and applies the system notice rules. Failures of side calls are only logged.
 */
export class ChatSession {
  private readonly store: SportsStore;
  private readonly client: ChatClient;
  private readonly logger: ChatSessionLogger;
  private readonly limit: number;
  private readonly seenMessages: RecentIds;
  private readonly messageListeners = new Set<MessageListener>();
  private readonly noticeListeners = new Set<NoticeListener>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly unsubscribes: (() => void)[] = [];
  private readonly pendingNotices: ChatSystemNotice[] = [];
  private lastNoticeSequence: number | null = null;
  private onlineTimer: ReturnType<typeof setInterval> | undefined;
  private identity: ChatLoginIdentity | null = null;
  private joined = false;
  private stopped = false;

  constructor(private readonly options: ChatSessionOptions) {
    this.store = options.store;
    this.client = options.client;
    this.logger = options.logger ?? console;
    this.limit = options.messageListLimit ?? CHAT_MESSAGE_LIST_LIMIT;
    this.seenMessages = new RecentIds(this.limit * 4);
  }

  /** The identity the session logged in with (null before login or after a failed one). */
  get chatIdentity(): ChatLoginIdentity | null {
    return this.identity;
  }

  /**
   * Logs in and schedules the rest. Resolves when the login is decided (never rejects: a failed
   * login is the islogin flag and a warning, as SPEC.md section 8 says).
   */
  async start(): Promise<void> {
    this.resetRoomState();
    this.subscribe();
    this.store.set(chatRoomStatusAtom, 'logging-in');
    const identity = await this.loginWithFallback();
    if (this.stopped) return;
    if (identity === null) {
      this.store.set(sessionAtom, (session) => ({ ...session, islogin: true }));
      this.store.set(chatRoomStatusAtom, 'login-failed');
      return;
    }
    this.identity = identity;
    this.store.set(sessionAtom, (session) => ({ ...session, islogin: false }));
    if (identity.kind === 'guest') this.later(GUEST_PROFILE_UPDATE_DELAY_MS, () => this.nameGuest(identity.userId));
    this.later(GROUP_JOIN_DELAY_MS, () => this.joinRoom());
  }

  /** Sends to the room; on success the message is in messageList at once (and flies as danmaku). */
  async send(text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> {
    const result = await this.client.sendGroupMessage(this.options.groupId, text, kind);
    if (result.ok && !this.stopped) this.appendMessage(result.message);
    return result;
  }

  /** Every new group message once, the user's own included (the danmaku layer listens here). */
  onMessage(listener: MessageListener): () => void {
    this.messageListeners.add(listener);
    return () => {
      this.messageListeners.delete(listener);
    };
  }

  /**
   * Every new C2C system notice once (a repeated last sequence is not new), when it arrives: also
   * the ones that wait in line because the notice list is showing another. The room listens here
   * to act on a mute or an unmute at once.
   */
  /** Horns (every room hears them; the built-in chat's `horn` frame) as they arrive. */
  onHorn(listener: (horn: ChatHorn) => void): () => void {
    return this.client.on('horn', listener);
  }

  onSystemNotice(listener: NoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => {
      this.noticeListeners.delete(listener);
    };
  }

  /** The user has read the notices: the list empties and the next waiting notice, if any, shows. */
  dismissSystemNotices(): void {
    this.store.set(systemNoticeListAtom, []);
    const next = this.pendingNotices.shift();
    if (next !== undefined) this.store.set(systemNoticeListAtom, [next]);
  }

  /** The page leaves the room: timers stop, the group is left and the client closed. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearInterval(this.onlineTimer);
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    this.messageListeners.clear();
    this.noticeListeners.clear();
    if (this.joined) this.client.quitGroup(this.options.groupId).catch(() => undefined);
    this.client.destroy();
  }

  // ---- login ----

  /** The member if logged in, else the guest; a stored guest account refused by the chat is replaced once. */
  private async loginWithFallback(): Promise<ChatLoginIdentity | null> {
    const isMember = this.store.get(userInfoAtom) !== null;
    let identity: ChatLoginIdentity;
    try {
      identity = isMember ? await this.memberIdentity() : await this.guestIdentity(false);
    } catch (error) {
      this.logger.warn('chat: could not get a chat identity', error);
      return null;
    }
    if (await this.tryLogin(identity)) return identity;
    if (isMember || this.stopped) return null;
    // The saved guest signature may have expired (7 days): ask for a new guest account once.
    try {
      identity = await this.guestIdentity(true);
    } catch (error) {
      this.logger.warn('chat: could not get a new guest account', error);
      return null;
    }
    return (await this.tryLogin(identity)) ? identity : null;
  }

  private async tryLogin(identity: ChatLoginIdentity): Promise<boolean> {
    try {
      await this.client.login(identity);
      return true;
    } catch (error) {
      this.logger.warn(`chat: login as ${identity.kind} ${identity.userId} failed`, error);
      return false;
    }
  }

  private async memberIdentity(): Promise<ChatLoginIdentity> {
    const answer = await this.options.api.get<{ id: string | number; userSig: string } | null>(MEMBER_CHAT_SIG_PATH);
    if (answer === null || typeof answer !== 'object' || !answer.userSig) throw new Error('getUserSig answered without a userSig');
    return { userId: String(answer.id), userSig: answer.userSig, kind: 'member' };
  }

  private async guestIdentity(fresh: boolean): Promise<ChatLoginIdentity> {
    const saved = this.store.get(imTouristAccountAtom);
    if (!fresh && saved?.id && saved.sig) {
      this.store.set(guestIdAtom, saved.id);
      return { userId: saved.id, userSig: saved.sig, kind: 'guest' };
    }
    const answer = await this.options.api.get<{ id: string; sig: string } | null>(GUEST_CHAT_ACCOUNT_PATH);
    if (answer === null || typeof answer !== 'object' || !answer.id || !answer.sig) throw new Error('imTouristAccount answered without id and sig');
    this.store.set(imTouristAccountAtom, { id: answer.id, sig: answer.sig });
    this.store.set(guestIdAtom, answer.id);
    return { userId: answer.id, userSig: answer.sig, kind: 'guest' };
  }

  // ---- after login ----

  private async nameGuest(guestId: string): Promise<void> {
    try {
      await this.client.updateMyProfile({ nickname: this.options.guestNicknamePrefix + guestId });
    } catch (error) {
      this.logger.warn('chat: setting the guest nickname failed', error);
    }
  }

  private async joinRoom(): Promise<void> {
    const groupId = this.options.groupId;
    this.store.set(chatRoomStatusAtom, 'joining');
    // The anchor's own room group may not exist yet (Tencent): creating it is idempotent.
    if (this.identity?.kind === 'member' && this.identity.userId === groupId) {
      await this.client.createAnchorGroup(groupId).catch((error: unknown) => this.logger.warn('chat: creating the anchor group failed', error));
    }
    try {
      const status = await this.client.joinGroup(groupId);
      if (this.stopped) return;
      this.store.set(chatRoomStatusAtom, status);
      if (status === 'wait-approval') return;
      this.joined = true;
    } catch (error) {
      this.logger.warn(`chat: joining group ${groupId} failed`, error);
      if (!this.stopped) this.store.set(chatRoomStatusAtom, 'join-failed');
      return;
    }
    void this.refreshOnlineCount();
    this.onlineTimer = setInterval(() => void this.refreshOnlineCount(), this.options.onlineRefreshMs ?? ONLINE_COUNT_REFRESH_MS);
  }

  /** SPEC.md section 9: shown = member count + 50; a failure is only logged (section 8). */
  private async refreshOnlineCount(): Promise<void> {
    try {
      const count = await this.client.getOnlineMemberCount(this.options.groupId);
      if (!this.stopped) this.store.set(onLineAtom, count + ONLINE_COUNT_BONUS);
    } catch (error) {
      this.logger.warn('chat: getting the online count failed', error);
    }
  }

  // ---- incoming ----

  private subscribe(): void {
    this.unsubscribes.push(
      this.client.on('groupMessage', (message) => {
        if (message.groupId === this.options.groupId) this.appendMessage(message);
      }),
      this.client.on('systemNotice', (notice) => this.receiveNotice(notice)),
      this.client.on('connectionChange', (state) => {
        this.store.set(chatConnectionAtom, state);
        // Back after an outage: the count is stale.
        if (state === 'connected' && this.joined) void this.refreshOnlineCount();
      }),
    );
  }

  /** SPEC section 4: group messages are appended; channel by cloudCustomData.type (0 anchor). */
  private appendMessage(message: ChatGroupMessage): void {
    if (!this.seenMessages.add(message.id)) return;
    // A prediction's tallies (issue 35) are for the 竞猜 panel, never a line in the lists.
    if (message.from.role === 'system' && message.cloudCustomData.prediction !== undefined) return this.tellListeners(message);
    const append = (list: ChatGroupMessage[]) => (list.length < this.limit ? [...list, message] : [...list.slice(list.length - this.limit + 1), message]);
    this.store.set(messageListAtom, append);
    this.store.set(message.cloudCustomData.type === 0 ? zhuboMessageListAtom : zhushouMessageListAtom, append);
    this.tellListeners(message);
  }

  private tellListeners(message: ChatGroupMessage): void {
    for (const listener of [...this.messageListeners]) {
      try {
        listener(message);
      } catch (error) {
        this.logger.warn('chat: a message listener failed', error);
      }
    }
  }

  /** SPEC section 4: a private message with the last sequence already seen is ignored; the notice list is set only if empty. */
  private receiveNotice(notice: ChatSystemNotice): void {
    if (notice.lastSequence === this.lastNoticeSequence) return;
    this.lastNoticeSequence = notice.lastSequence;
    if (this.store.get(systemNoticeListAtom).length === 0) {
      this.store.set(systemNoticeListAtom, [notice]);
    } else {
      // Not lost: it shows when the user dismisses the current one.
      this.pendingNotices.push(notice);
      if (this.pendingNotices.length > PENDING_NOTICES_LIMIT) this.pendingNotices.shift();
    }
    for (const listener of [...this.noticeListeners]) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.warn('chat: a notice listener failed', error);
      }
    }
  }

  private resetRoomState(): void {
    this.store.set(messageListAtom, []);
    this.store.set(zhuboMessageListAtom, []);
    this.store.set(zhushouMessageListAtom, []);
    this.store.set(systemNoticeListAtom, []);
    this.store.set(onLineAtom, null);
    this.store.set(chatRoomStatusAtom, 'idle');
  }

  private later(delayMs: number, task: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) void task();
    }, delayMs);
    this.timers.add(timer);
  }
}
