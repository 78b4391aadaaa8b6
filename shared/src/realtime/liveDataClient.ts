import { SOCKET_HEARTBEAT_MS } from '../api/limits';
import { type BackoffOptions, DEFAULT_BACKOFF, backoffDelay } from './backoff';
import { type ClientFrame, LIVE_DATA_CODE, type LiveDataFrame, type ServerFrame, classifyTypeFor } from './liveDataFrames';
import { StreamPositions } from './streamPositions';

/** The part of the browser WebSocket the client uses; `ws` in Node has the same shape. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type LiveSocketFactory = new (url: string) => LiveSocket;

const OPEN = 1;

export type LiveDataStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveDataClientOptions {
  /** `ws://…` or a path such as '/ws/live-data' (system config websocketUrl), resolved against the page. */
  url: string;
  /** The odds company for exponent rows (toggle). */
  companyId: number;
  /** SPEC.md section 4: 1 -> classify_type 0 (all competitions), else 1 (hot only). */
  modeFlag: number;
  /** Every code-100 frame, once: after dedupe, in the order to apply them. */
  onMessage: (frame: LiveDataFrame) => void;
  /**
   * The match centre's deltas of the watched match were gone when the socket came back
   * (`synced` mode 'snapshot' on 'match_centre'): fetch the match centre's documents again; the
   * frames after it apply on top (they are keyed: nothing doubles).
   */
  onResync?: (stream: 'match_centre') => void;
  /** The match whose match_centre deltas this page wants (watchMatch changes it); default none. */
  watchMatchId?: number | null;
  onStatus?: (status: LiveDataStatus) => void;
  /** The WebSocket class (default: the browser's); tests pass `ws`. */
  WebSocket?: LiveSocketFactory;
  heartbeatMs?: number;
  backoff?: Partial<BackoffOptions>;
  /** Jitter source, [0, 1). */
  random?: () => number;
}

export interface LiveDataClient {
  /** Switch the odds company: the server answers with fresh exponent snapshots. */
  setCompany(companyId: number): void;
  /** Switch the mode flag: the server answers with fresh match and exponent snapshots. */
  setModeFlag(modeFlag: number): void;
  /**
   * The match centre's deltas of this match from now on (null: none). Watch first, then fetch
   * the documents: a delta that arrives before the answer is contained in it or applied on top.
   */
  watchMatch(matchId: number | null): void;
  /** Stop for good: closes the socket, no reconnect. */
  close(): void;
  readonly status: LiveDataStatus;
  /** The last seq seen per stream (what a reconnect resumes from). */
  readonly positions: StreamPositions;
}

/**
 * The client side of `/ws/live-data`: register on open, toggle + resume + classify, heartbeat every
 * 30 s, reconnect on any close with exponential backoff and jitter, resume from the last seq of
 * each stream, and deliver each frame once.
 */
export function createLiveDataClient(options: LiveDataClientOptions): LiveDataClient {
  const SocketClass = options.WebSocket ?? (globalThis as { WebSocket?: LiveSocketFactory }).WebSocket;
  if (SocketClass === undefined) throw new Error('createLiveDataClient: no WebSocket implementation available');
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const random = options.random ?? Math.random;
  const heartbeatMs = options.heartbeatMs ?? SOCKET_HEARTBEAT_MS;
  const positions = new StreamPositions();

  let companyId = options.companyId;
  let watchMatchId = options.watchMatchId ?? null;
  let classifyType = classifyTypeFor(options.modeFlag);
  let socket: LiveSocket | null = null;
  let status: LiveDataStatus = 'connecting';
  let attempt = 0;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LiveDataStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };
  const send = (frame: ClientFrame) => {
    if (socket !== null && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  };

  const connect = () => {
    const current = new SocketClass(resolveUrl(options.url));
    socket = current;
    current.onopen = () => {
      setStatus('open');
      // One burst, in the order the server expects: filters first, then where to resume from,
      // then classify, which starts delivery.
      send({ type: 'register', info: 'web' });
      send({ type: 'toggle', company_id: companyId });
      if (watchMatchId !== null) send({ type: 'watch', match_id: watchMatchId });
      for (const frame of positions.resumeFrames()) send(frame);
      send({ type: 'classify', classify_type: classifyType });
      heartbeat = setInterval(() => send({ type: 'heartbeat' }), heartbeatMs);
    };
    current.onmessage = (event) => onFrame(event.data);
    // Errors are followed by close; the close decides what happens next.
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(heartbeat);
      if (stopped) return;
      setStatus('reconnecting');
      reconnectTimer = setTimeout(connect, backoffDelay(attempt, backoff, random));
      attempt += 1;
    };
  };

  const onFrame = (raw: unknown) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(typeof raw === 'string' ? raw : String(raw)) as ServerFrame;
    } catch {
      return;
    }
    if ('code' in frame) {
      if (frame.code === LIVE_DATA_CODE && positions.accept(frame)) options.onMessage(frame);
      return;
    }
    if (frame.type === 'synced') {
      positions.synced(frame.stream, frame.seq);
      if (frame.stream === 'match_centre' && frame.mode === 'snapshot') options.onResync?.('match_centre');
      // A full handshake worked: the next outage starts again from the shortest delay.
      attempt = 0;
    }
  };

  connect();
  return {
    setCompany(next) {
      if (next === companyId) return;
      companyId = next;
      positions.forgetExponents();
      send({ type: 'toggle', company_id: next });
    },
    setModeFlag(modeFlag) {
      const next = classifyTypeFor(modeFlag);
      if (next === classifyType) return;
      classifyType = next;
      positions.forgetStateStreams();
      send({ type: 'classify', classify_type: next });
    },
    watchMatch(matchId) {
      if (matchId === watchMatchId) return;
      watchMatchId = matchId;
      send({ type: 'watch', match_id: matchId });
    },
    close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      socket?.close(1000, 'client closed');
      socket = null;
      setStatus('closed');
    },
    get status() {
      return status;
    },
    positions,
  };
}

/** '/ws/live-data' -> ws(s)://<page host>/ws/live-data; absolute URLs pass through. */
export function resolveUrl(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const location = (globalThis as { location?: { href: string } }).location;
  if (location === undefined) throw new Error(`createLiveDataClient: cannot resolve ${url} without a page location`);
  const resolved = new URL(url, location.href);
  resolved.protocol = resolved.protocol === 'https:' ? 'wss:' : 'ws:';
  return resolved.toString();
}
