import type { Socket } from 'node:net';
import { DEFAULT_COMPANY_ID, LiveCloseCode, type LiveStream } from '@sports/shared/server';
import { WebSocket } from 'ws';
import { ControlFrameBudget, type ControlFrameLimits } from './controlFrameBudget';
import type { ClientFilter } from './liveState';

/** How long a closing slow consumer gets for the close handshake before the connection is cut. */
const SLOW_CLOSE_GRACE_MS = 1_000;

/**
 * One connected page: what it asked for (company, classify, where to resume), whether it is
 * receiving broadcasts yet, and the raw TCP socket its frames are written to.
 */
export class LiveClient {
  registered = false;
  companyId: number | null = null;
  classifyType: 0 | 1 | null = null;
  badFrames = 0;
  /** What is left of this connection's control frames (all but heartbeats). */
  readonly controlBudget: ControlFrameBudget;
  /** Positions sent with `resume` before classify, applied when delivery starts. */
  readonly resume = new Map<LiveStream, number>();
  /** idle: not subscribed yet; syncing: catching up (broadcasts are queued); live: in a fan-out group. */
  phase: 'idle' | 'syncing' | 'live' | 'closing' = 'idle';
  /** The seq each stream was brought up to when delivery started (a later resume replays up to it). */
  readonly liveFrom = new Map<LiveStream, number>();
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private readonly raw: Socket | undefined;

  constructor(
    readonly socket: WebSocket,
    private readonly maxBufferedBytes: number,
    controlFrames: ControlFrameLimits,
  ) {
    this.controlBudget = new ControlFrameBudget(controlFrames);
    // ws keeps the TCP socket in `_socket`; broadcasts are written there as ready frames.
    this.raw = (socket as unknown as { _socket?: Socket })._socket;
  }

  get filter(): ClientFilter {
    return { hotOnly: this.classifyType === 1, companyId: this.companyId ?? DEFAULT_COMPANY_ID };
  }

  get groupKey(): string {
    return `${this.filter.hotOnly ? 1 : 0}:${this.filter.companyId}`;
  }

  /** Writes a complete frame; a client whose unsent data passed the bound is closed instead. */
  write(frame: Buffer): void {
    if (this.phase === 'closing' || this.socket.readyState !== WebSocket.OPEN || this.raw === undefined) return;
    if (this.raw.writableLength > this.maxBufferedBytes) {
      this.closeSlow();
      return;
    }
    this.raw.write(frame);
  }

  /** While syncing: broadcasts wait here, in order, until the catch-up has been sent. */
  enqueue(frame: Buffer): void {
    this.queue.push(frame);
    this.queuedBytes += frame.byteLength;
    if (this.queuedBytes > this.maxBufferedBytes) this.closeSlow();
  }

  flushQueue(): void {
    const queued = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    if (queued.length > 0) this.write(queued.length === 1 ? (queued[0] as Buffer) : Buffer.concat(queued));
  }

  /** Bytes written but not yet taken by the network (what the slow-consumer bound applies to). */
  get bufferedBytes(): number {
    return this.raw?.writableLength ?? 0;
  }

  private closeSlow(): void {
    if (this.phase === 'closing') return;
    this.phase = 'closing';
    this.queue = [];
    this.socket.close(LiveCloseCode.SlowConsumer, 'slow consumer');
    // The close frame queues behind the backlog that made it slow: do not wait for it long.
    setTimeout(() => this.socket.terminate(), SLOW_CLOSE_GRACE_MS).unref();
  }
}
