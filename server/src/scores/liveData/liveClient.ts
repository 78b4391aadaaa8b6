import { DEFAULT_COMPANY_ID, type LiveStream } from '@sports/shared/server';
import type { WebSocket } from 'ws';
import { BadFrameCounter } from '../../infra/sockets/socketAdmission';
import { SocketClient } from '../../infra/sockets/socketClient';
import { ControlFrameBudget, type ControlFrameLimits } from './controlFrameBudget';
import type { ClientFilter } from './liveState';

/**
 * One connected page: what it asked for (company, classify, where to resume), whether it is
 * receiving broadcasts yet, and its socket (the kit's SocketClient: frames written to the raw TCP
 * socket, the slow-consumer cut-off).
 */
export class LiveClient extends SocketClient {
  registered = false;
  companyId: number | null = null;
  classifyType: 0 | 1 | null = null;
  /** The match centre's match this page watches (`watch`); null: none. */
  watchMatchId: number | null = null;
  readonly badFrames: BadFrameCounter;
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

  constructor(socket: WebSocket, maxBufferedBytes: number, controlFrames: ControlFrameLimits, maxBadFrames: number) {
    super(socket, maxBufferedBytes);
    this.controlBudget = new ControlFrameBudget(controlFrames);
    this.badFrames = new BadFrameCounter(maxBadFrames);
  }

  get filter(): ClientFilter {
    return { hotOnly: this.classifyType === 1, companyId: this.companyId ?? DEFAULT_COMPANY_ID, watchMatchId: this.watchMatchId };
  }

  get groupKey(): string {
    return `${this.filter.hotOnly ? 1 : 0}:${this.filter.companyId}:${this.watchMatchId ?? '-'}`;
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

  override closeSlow(): void {
    if (this.phase === 'closing') return;
    this.phase = 'closing';
    this.queue = [];
    super.closeSlow();
  }
}
