import { type BackoffOptions, DEFAULT_BACKOFF, backoffDelay } from '../realtime/backoff';
import { SocketCloseCode } from '../realtime/closeCodes';
import type { LiveSocket, LiveSocketFactory } from '../realtime/liveDataClient';
import { resolveUrl } from '../realtime/liveDataClient';
import { ChatEmitter } from './chatEmitter';
import { chatMessages } from './chatMessages';
import type {
  ChatClient,
  ChatClientEvents,
  ChatGroupMessage,
  ChatLoginIdentity,
  ChatProfileUpdate,
  ChatSendRefusal,
  ChatSendResult,
  JoinGroupStatus,
} from './chatClient';
import type { ChatClientFrame, ChatLoginFailure, ChatServerFrame } from './protocol';
import { CHAT_PING_INTERVAL_MS, CHAT_PROTOCOL_VERSION } from './protocolLimits';
import { RecentIds } from './recentIds';
// Plain comparisons generated from the protocol's schemas at build time (2 KB sent): no TypeBox in the page.
import { isChatServerFrame } from './serverFrameCheck';

/** The browser WebSocket's shape; `ws` in Node has the same one. */
export type ChatSocket = LiveSocket;
export type ChatSocketFactory = LiveSocketFactory;

const OPEN = 1;
/** How long a request waits for its answer before it fails. */
export const CHAT_REQUEST_TIMEOUT_MS = 10_000;
/** Message ids remembered for dedupe (history is 50 per group; this covers long outages too). */
const SEEN_IDS = 2_000;

export interface BuiltinChatClientOptions {
  /** `ws(s)://…` or a path such as '/ws/chat' (system config im.socketPath), resolved against the page. */
  url: string;
  /** The WebSocket class (default: the browser's); Node tests pass `ws`. */
  WebSocket?: ChatSocketFactory;
  requestTimeoutMs?: number;
  pingIntervalMs?: number;
  backoff?: Partial<BackoffOptions>;
  /** Jitter source, [0, 1). */
  random?: () => number;
}

/** The server refused the login (bad or expired signature...): retrying the same identity cannot help. */
export class ChatLoginError extends Error {
  constructor(
    readonly reason: ChatLoginFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ChatLoginError';
  }
}

interface PendingRequest {
  answers: ChatServerFrame['type'];
  resolve: (frame: ChatServerFrame) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A client frame before its ref is added. */
type ChatRequestFrame = ChatClientFrame extends infer F ? (F extends ChatClientFrame ? Omit<F, 'ref'> : never) : never;

type ConnectionState = Parameters<ChatClientEvents['connectionChange']>[0];

/**
 * The built-in chat over `/ws/chat` (protocol.ts). Every request carries a ref and waits for the
 * answer echoing it, with a timeout. After a successful login the client keeps the session up by
 * itself: ping every 30 s, and on a dropped connection reconnect with backoff + jitter, log in
 * again and rejoin its groups; the `history` each join answers with fills what was missed, and
 * message ids already seen are dropped, so nothing shows twice.
 */
export class BuiltinChatClient implements ChatClient {
  readonly provider = 'builtin' as const;
  private readonly SocketClass: ChatSocketFactory;
  private readonly url: string;
  private readonly requestTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly emitter = new ChatEmitter();
  private readonly pending = new Map<string, PendingRequest>();
  private readonly seenMessages = new RecentIds(SEEN_IDS);
  private readonly seenNotices = new RecentIds(SEEN_IDS);
  private readonly seenHorns = new RecentIds(SEEN_IDS);
  /** The groups to be in: rejoined after every reconnect. */
  private readonly groups = new Set<string>();
  private socket: ChatSocket | null = null;
  private identity: ChatLoginIdentity | null = null;
  /** Logged in at least once with `identity`: only then does a lost connection reconnect. */
  private established = false;
  private loggedIn = false;
  private destroyed = false;
  private state: ConnectionState = 'offline';
  private refCounter = 0;
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: BuiltinChatClientOptions) {
    const SocketClass = options.WebSocket ?? (globalThis as { WebSocket?: ChatSocketFactory }).WebSocket;
    if (SocketClass === undefined) throw new Error('BuiltinChatClient: no WebSocket implementation available');
    this.SocketClass = SocketClass;
    this.url = options.url;
    this.requestTimeoutMs = options.requestTimeoutMs ?? CHAT_REQUEST_TIMEOUT_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? CHAT_PING_INTERVAL_MS;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.random = options.random ?? Math.random;
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  async login(identity: ChatLoginIdentity): Promise<void> {
    if (this.destroyed) throw new Error('BuiltinChatClient: destroyed');
    this.resetSession();
    this.identity = identity;
    try {
      await this.connectAndLogin();
    } catch (error) {
      this.identity = null;
      this.dropSocket();
      throw error;
    }
    this.established = true;
    this.attempt = 0;
    this.setState('connected');
  }

  async logout(): Promise<void> {
    this.resetSession();
    this.setState('offline');
  }

  async joinGroup(groupId: string): Promise<JoinGroupStatus> {
    this.groups.add(groupId);
    const frame = await this.request({ type: 'join', groupId }, 'join-status');
    if (frame.type !== 'join-status') throw new Error('unexpected answer');
    // Waiting for approval is not membership: do not rejoin it after a reconnect.
    if (frame.status === 'wait-approval') this.groups.delete(groupId);
    return frame.status;
  }

  async quitGroup(groupId: string): Promise<void> {
    this.groups.delete(groupId);
    if (!this.loggedIn) return;
    await this.request({ type: 'quit', groupId }, 'quit-done');
  }

  async sendGroupMessage(groupId: string, text: string, kind: 'text' | 'danmaku'): Promise<ChatSendResult> {
    if (!this.loggedIn) {
      const message = this.state === 'reconnecting' ? chatMessages.reconnecting : chatMessages.notLoggedIn;
      return refused({ code: 'not-logged-in', message });
    }
    let frame: ChatServerFrame;
    try {
      frame = await this.request({ type: 'send', groupId, kind, text }, 'ack');
    } catch (error) {
      return refused({ code: 'failed', message: error instanceof RequestTimeout ? chatMessages.sendTimeout : chatMessages.sendFailed });
    }
    if (frame.type === 'refused') return refused(frame.refusal);
    if (frame.type === 'error') return refused(refusalForError(frame.code, frame.message));
    if (frame.type !== 'ack') return refused({ code: 'failed', message: chatMessages.sendFailed });
    // The sender's own `message` copy is dropped (dispatch marked the id when the ack came).
    return { ok: true, message: frame.message };
  }

  async getOnlineMemberCount(groupId: string): Promise<number> {
    const frame = await this.request({ type: 'count', groupId }, 'count');
    if (frame.type !== 'count') throw new Error('unexpected answer');
    return frame.count;
  }

  async updateMyProfile(profile: ChatProfileUpdate): Promise<void> {
    const frame: Extract<ChatRequestFrame, { type: 'profile' }> = { type: 'profile' };
    if (profile.nickname !== undefined) frame.nickname = profile.nickname;
    if (profile.avatar !== undefined) frame.avatar = profile.avatar;
    await this.request(frame, 'profile-updated');
  }

  async createAnchorGroup(ownerUserId: string): Promise<string> {
    const frame = await this.request({ type: 'create-group', ownerUserId }, 'group-created');
    if (frame.type !== 'group-created') throw new Error('unexpected answer');
    return frame.groupId;
  }

  on<E extends keyof ChatClientEvents>(event: E, listener: ChatClientEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.resetSession();
    this.setState('offline');
    this.destroyed = true;
    this.emitter.clear();
  }

  // ---- connection ----

  /** Opens a socket and logs in with `identity`; resolves once the server said yes. */
  private async connectAndLogin(): Promise<void> {
    const identity = this.identity;
    if (identity === null) throw new Error('no identity');
    if (this.destroyed) throw new Error(chatMessages.connectionClosed);
    return new Promise<void>((resolve, reject) => {
      const socket = new this.SocketClass(resolveUrl(this.url));
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      this.socket = socket;
      socket.onopen = () => {
        this.startPing();
        this.request({ type: 'login', v: CHAT_PROTOCOL_VERSION, userId: identity.userId, userSig: identity.userSig }, 'login-result').then((frame) => {
          if (frame.type !== 'login-result') return fail(new Error('unexpected answer'));
          if (!frame.ok) return fail(new ChatLoginError(frame.reason, frame.message));
          this.loggedIn = true;
          settled = true;
          resolve();
        }, fail);
      };
      socket.onmessage = (event) => this.onFrame(event.data);
      // An error is followed by close; the close decides what happens next.
      socket.onerror = () => undefined;
      socket.onclose = (event) => {
        if (this.socket !== socket) return;
        this.detachSocket();
        if (!settled) return fail(new Error(chatMessages.connectionClosed));
        this.onConnectionLost(event.code);
      };
    });
  }

  private onConnectionLost(code: number): void {
    if (this.destroyed || !this.established) return this.setState('offline');
    // The member signed out: the same signature would only be refused. The page logs in anew.
    if (code === SocketCloseCode.SessionEnded) {
      this.established = false;
      return this.setState('offline');
    }
    // Every other close code of the server (going away, idle, slow consumer, policy) is worth a
    // retry after a backoff; a refused login on the way back stops it.
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setState('reconnecting');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.reconnect(), backoffDelay(this.attempt, this.backoff, this.random));
    this.attempt += 1;
  }

  private reconnect(): void {
    if (this.destroyed || !this.established) return;
    this.connectAndLogin().then(
      () => {
        this.attempt = 0;
        this.setState('connected');
        for (const groupId of this.groups) this.rejoin(groupId);
      },
      (error: unknown) => {
        this.dropSocket();
        // A refused signature (expired, revoked) stays refused: stop instead of hammering the server.
        if (error instanceof ChatLoginError) {
          this.established = false;
          return this.setState('offline');
        }
        this.scheduleReconnect();
      },
    );
  }

  private rejoin(groupId: string): void {
    this.request({ type: 'join', groupId }, 'join-status').catch((error: unknown) => {
      console.warn(`chat: rejoining group ${groupId} failed`, error);
    });
  }

  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.sendFrame({ type: 'ping' }), this.pingIntervalMs);
  }

  /** Forgets the socket (its handlers too) and fails what was waiting on it. */
  private detachSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.loggedIn = false;
    clearInterval(this.pingTimer);
    if (socket !== null) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    for (const [ref, request] of this.pending) {
      clearTimeout(request.timer);
      this.pending.delete(ref);
      request.reject(new Error(chatMessages.connectionClosed));
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.detachSocket();
    if (socket !== null && socket.readyState <= OPEN) socket.close(1000, 'client closed');
  }

  private resetSession(): void {
    clearTimeout(this.reconnectTimer);
    this.established = false;
    this.identity = null;
    this.groups.clear();
    this.dropSocket();
  }

  private setState(next: ConnectionState): void {
    if (this.state === next) return;
    this.state = next;
    this.emitter.emit('connectionChange', next);
  }

  // ---- frames ----

  private sendFrame(frame: ChatClientFrame | ChatRequestFrame): boolean {
    const socket = this.socket;
    if (socket === null || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Sends `frame` with a fresh ref and resolves with the server's answer to it: the frame of type
   * `answers`, or `refused`/`error` carrying the same ref (the caller decides what those mean).
   */
  private request(frame: ChatRequestFrame, answers: ChatServerFrame['type']): Promise<ChatServerFrame> {
    if (frame.type !== 'login' && !this.loggedIn) return Promise.reject(new Error(chatMessages.notLoggedIn));
    this.refCounter += 1;
    const ref = `r${this.refCounter}`;
    return new Promise<ChatServerFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject(new RequestTimeout());
      }, this.requestTimeoutMs);
      this.pending.set(ref, { answers, resolve, reject, timer });
      if (!this.sendFrame({ ...frame, ref })) {
        clearTimeout(timer);
        this.pending.delete(ref);
        reject(new Error(chatMessages.notLoggedIn));
      }
    });
  }

  private onFrame(raw: unknown): void {
    let frame: unknown;
    try {
      frame = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      return;
    }
    // What the server sends is input like any other: a frame of an unknown shape is dropped.
    if (!isChatServerFrame(frame)) return;
    this.dispatch(frame);
  }

  private dispatch(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'message':
        return this.deliver(frame.message);
      case 'history':
        for (const message of frame.messages) this.deliver(message);
        return;
      case 'notice':
        if (this.seenNotices.add(frame.notice.id)) this.emitter.emit('systemNotice', frame.notice);
        return;
      case 'horn':
        if (this.seenHorns.add(frame.horn.id)) this.emitter.emit('horn', frame.horn);
        return;
      case 'pong':
        return;
      case 'ack':
        // The ack and the sender's own copy can arrive in one read, both handled before the
        // awaiting send resumes: mark the id now so that copy is dropped.
        this.seenMessages.add(frame.message.id);
        return this.answer(frame);
      default:
        return this.answer(frame);
    }
  }

  /** A frame answering a request: matched by its ref. */
  private answer(frame: ChatServerFrame): void {
    const ref = 'ref' in frame ? frame.ref : undefined;
    if (ref === undefined) return;
    const request = this.pending.get(ref);
    if (request === undefined) return;
    this.pending.delete(ref);
    clearTimeout(request.timer);
    if (frame.type === request.answers || frame.type === 'refused') return request.resolve(frame);
    if (frame.type === 'error') {
      // A send turns errors into refusals; other requests fail with the server's message.
      if (request.answers === 'ack') return request.resolve(frame);
      return request.reject(new ChatRequestError(frame.code, frame.message));
    }
    request.reject(new Error(`unexpected ${frame.type} answer`));
  }

  private deliver(message: ChatGroupMessage): void {
    if (!this.groups.has(message.groupId)) return;
    if (!this.seenMessages.add(message.id)) return;
    this.emitter.emit('groupMessage', message);
  }
}

/** The server answered a request with an `error` frame. */
export class ChatRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChatRequestError';
  }
}

class RequestTimeout extends Error {
  constructor() {
    super(chatMessages.requestTimeout);
    this.name = 'RequestTimeout';
  }
}

function refused(refusal: ChatSendRefusal): ChatSendResult {
  return { ok: false, refusal };
}

function refusalForError(code: string, message: string): ChatSendRefusal {
  if (code === 'not-logged-in' || code === 'not-in-group' || code === 'rate-limited') return { code, message };
  return { code: 'failed', message };
}
