import type { LiveDataHubOptions } from './liveDataHub';

/**
 * The IPC protocol between the main process and its live-data fan-out workers
 * (liveWorkerPool.ts ↔ liveWorker.ts). Node's IPC channel keeps the order of messages, so the
 * `live` messages a worker receives are exactly the main hub's deliveries, in order.
 */

/** The hub settings a worker runs with (the serializable part of LiveDataHubOptions). */
export type WorkerHubOptions = Pick<LiveDataHubOptions, 'idleTimeoutMs' | 'maxBadFrames' | 'controlFrames' | 'ringSize' | 'centreRingBytes' | 'maxBufferedBytes' | 'goalReplayLimit'>;

/** One broadcast as relayed: the JSON exactly as encoded by the publisher, and its audience. */
export type RelayedMessage = [json: string, hot: 0 | 1, companyId: number | null];

export type ToWorker =
  /** First message: who the worker is and what it connects to (sent over IPC, not argv: the URL may hold a password). */
  | { t: 'init'; index: number; databaseUrl: string | null; hub: WorkerHubOptions; logLevel: string; maxPayloadBytes: number }
  /** Broadcasts, in delivery order (a new worker first gets the main hub's rings this way). */
  | { t: 'live'; messages: RelayedMessage[] }
  /** An HTTP upgrade to finish (the TCP socket travels as the message's handle). */
  | { t: 'socket'; method: string; url: string; headers: Record<string, string | string[] | undefined>; head: string }
  | { t: 'stats'; id: number }
  /** Close every socket (1001), give the close handshake `graceMs`, then exit. */
  | { t: 'close'; graceMs: number };

export interface WorkerStats {
  /** Open sockets. */
  clients: number;
  /** Sockets receiving broadcasts (past classify). */
  subscribers: number;
  /** The largest unsent backlog of any of its clients. */
  maxBufferedBytes: number;
  /** CPU time this process has used (user + system, µs): what its writes cost, whatever else runs on the machine. */
  cpuMicros: number;
}

export type FromWorker =
  | { t: 'ready' }
  /** Sockets handed over that have closed since the last report (the pool's least-connections count). */
  | { t: 'left'; count: number }
  | ({ t: 'stats'; id: number } & WorkerStats);
