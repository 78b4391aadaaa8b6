import { type ChildProcess, fork } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from './liveMessage';
import type { FromWorker, RelayedMessage, ToWorker, WorkerHubOptions, WorkerStats } from './workerMessages';

/** The worker entry: `liveWorker.ts` from source (tsx), `liveWorker.js` when compiled. */
const WORKER_FILE = fileURLToPath(new URL(`./liveWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
/** A worker that has not loaded its hub by then counts as failed. */
const READY_TIMEOUT_MS = 30_000;
/** After a crash: restart after this, doubling while it keeps crashing, up to the maximum. */
const RESTART_DELAY_MS = 250;
const RESTART_DELAY_MAX_MS = 10_000;
/** A worker that lived this long was healthy: the next crash restarts it fast again. */
const HEALTHY_AFTER_MS = 30_000;
const STATS_TIMEOUT_MS = 5_000;
/**
 * Broadcasts relayed to a worker and not yet taken from the pipe: a worker this far behind is
 * stuck (a live one takes them within milliseconds). It is killed, restarted, and its clients
 * resume elsewhere, instead of this process buffering for it without bound.
 */
const MAX_UNSENT_RELAY_BYTES = 64 * 1024 * 1024;
/** Beyond the close grace, how long a worker gets to exit before it is killed. */
const EXIT_GRACE_MS = 3_000;

export interface LiveWorkerPoolOptions {
  count: number;
  /** Workers read missed goals from here; null: no database (benchmarks). */
  databaseUrl: string | null;
  hub: WorkerHubOptions;
  /** ws drops a client frame above this (the same limit as the main process's sockets). */
  maxPayloadBytes: number;
  /** What a new (or restarted) worker starts from: the main hub's rings, oldest first. */
  recentMessages: () => LiveMessage[];
  log: FastifyBaseLogger;
}

interface Worker {
  index: number;
  child: ChildProcess;
  ready: boolean;
  /** Sockets handed over minus those the worker reported closed: least connections picks on this. */
  load: number;
  startedAt: number;
  /** Relayed bytes handed to the IPC channel and not yet written to the pipe. */
  unsentBytes: number;
}

/**
 * The main process's side of the fan-out workers: starts them (each primed with the main hub's
 * rings), relays every broadcast to all of them in order, hands each new live-data socket to the
 * one with the fewest, restarts one that dies (its clients reconnect and resume by seq), and
 * stops them on shutdown.
 */
export class LiveWorkerPool {
  private readonly workers: (Worker | null)[];
  private pending: RelayedMessage[] = [];
  private closing = false;
  private crashes = 0;
  private statsId = 0;
  private readonly statsWaiters = new Map<number, { left: number; stats: WorkerStats[]; done: (stats: WorkerStats[]) => void }>();

  constructor(private readonly options: LiveWorkerPoolOptions) {
    this.workers = Array.from({ length: options.count }, () => null);
  }

  /** Starts every worker; resolves when all are serving, rejects if one cannot start. */
  async start(): Promise<void> {
    try {
      await Promise.all(this.workers.map((_, index) => this.spawn(index)));
    } catch (error) {
      await this.close(0);
      throw error;
    }
  }

  /** The process ids of running workers (tests kill one). */
  get pids(): number[] {
    return this.workers.flatMap((worker) => (worker?.child.pid === undefined ? [] : [worker.child.pid]));
  }

  get readyCount(): number {
    return this.workers.filter((worker) => worker?.ready === true).length;
  }

  /** Every message the main hub delivers; those of one turn go to each worker as one IPC write. */
  relay(message: LiveMessage): void {
    this.pending.push([message.json, message.hot ? 1 : 0, message.companyId]);
    if (this.pending.length === 1) queueMicrotask(() => this.flush());
  }

  /**
   * Gives an upgrade request's socket to the least loaded ready worker. False when it cannot
   * (no worker ready, or not a TCP socket): the caller serves the client in this process.
   */
  handOff(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (this.closing || !(socket instanceof Socket) || (socket as unknown as { _handle: unknown })._handle == null) return false;
    let target: Worker | null = null;
    for (const worker of this.workers) if (worker?.ready === true && (target === null || worker.load < target.load)) target = worker;
    if (target === null) return false;
    const chosen = target;
    chosen.load += 1;
    const message: ToWorker = { t: 'socket', method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, head: head.toString('base64') };
    forgetInServer(socket);
    chosen.child.send(message, socket, { keepOpen: false }, (error) => {
      if (error === null) return;
      chosen.load -= 1;
      socket.destroy();
    });
    return true;
  }

  /** Each worker's clients, subscribers and largest backlog (answered after the broadcasts sent before). */
  stats(): Promise<WorkerStats[]> {
    const live = this.workers.filter((worker): worker is Worker => worker?.ready === true);
    if (live.length === 0) return Promise.resolve([]);
    const id = (this.statsId += 1);
    return new Promise((resolve) => {
      // A worker that dies meanwhile never answers: take what came.
      const timer = setTimeout(() => {
        this.statsWaiters.delete(id);
        resolve(waiter.stats);
      }, STATS_TIMEOUT_MS);
      const waiter = {
        left: live.length,
        stats: [] as WorkerStats[],
        done: (stats: WorkerStats[]) => {
          clearTimeout(timer);
          resolve(stats);
        },
      };
      this.statsWaiters.set(id, waiter);
      for (const worker of live) worker.child.send({ t: 'stats', id } satisfies ToWorker);
    });
  }

  /** Every worker closes its sockets (1001) within `graceMs` and exits; killed if it does not. */
  async close(graceMs = 1_000): Promise<void> {
    this.closing = true;
    this.flush();
    await Promise.all(this.workers.map((worker) => (worker === null ? undefined : this.stopWorker(worker, graceMs))));
    for (const waiter of this.statsWaiters.values()) waiter.done(waiter.stats);
    this.statsWaiters.clear();
  }

  /** Sends what was relayed this turn to every worker that has been initialised. */
  private flush(): void {
    if (this.pending.length === 0) return;
    const message: ToWorker = { t: 'live', messages: this.pending };
    let bytes = 0;
    for (const [json] of this.pending) bytes += json.length;
    this.pending = [];
    for (const worker of this.workers) if (worker !== null && worker.child.connected) this.sendLive(worker, message, bytes);
  }

  private sendLive(worker: Worker, message: ToWorker, bytes: number): void {
    if (worker.unsentBytes > MAX_UNSENT_RELAY_BYTES) {
      this.options.log.error({ liveWorker: worker.index, unsentBytes: worker.unsentBytes }, 'live-data worker is not taking broadcasts; killing it (it is restarted, its clients reconnect)');
      worker.child.kill('SIGKILL');
      return;
    }
    worker.unsentBytes += bytes;
    worker.child.send(message, (error) => {
      worker.unsentBytes -= bytes;
      if (error !== null) this.options.log.debug({ err: error, liveWorker: worker.index }, 'live-data worker: relay not sent');
    });
  }

  private spawn(index: number): Promise<void> {
    // Relayed messages still pending are in the rings already: send them to the others first, so
    // the new worker gets each message exactly once (from the rings).
    this.flush();
    const child = fork(WORKER_FILE, [], { execArgv: workerExecArgv(), env: workerEnv(), serialization: 'json' });
    const worker: Worker = { index, child, ready: false, load: 0, startedAt: Date.now(), unsentBytes: 0 };
    this.workers[index] = worker;
    const { databaseUrl, hub, maxPayloadBytes, log } = this.options;
    child.send({ t: 'init', index, databaseUrl, hub, logLevel: log.level, maxPayloadBytes } satisfies ToWorker);
    const primer = this.options.recentMessages().map((message): RelayedMessage => [message.json, message.hot ? 1 : 0, message.companyId]);
    if (primer.length > 0) this.sendLive(worker, { t: 'live', messages: primer }, primer.reduce((sum, [json]) => sum + json.length, 0));

    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`live-data worker ${index} did not start within ${READY_TIMEOUT_MS} ms`));
        child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      child.on('message', (message: FromWorker) => {
        if (message.t === 'ready') {
          clearTimeout(timer);
          worker.ready = true;
          resolve();
        } else if (message.t === 'left') {
          worker.load = Math.max(0, worker.load - message.count);
        } else if (message.t === 'stats') {
          this.onStats(message);
        }
      });
      child.on('error', (error) => log.warn({ err: error, liveWorker: index }, 'live-data worker: IPC error'));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`live-data worker ${index} exited before it was ready (code ${code}, signal ${signal})`));
        this.onExit(worker, code, signal);
      });
    });
  }

  private onStats(message: Extract<FromWorker, { t: 'stats' }>): void {
    const waiter = this.statsWaiters.get(message.id);
    if (waiter === undefined) return;
    const { id: _id, t: _t, ...stats } = message;
    waiter.stats.push(stats);
    waiter.left -= 1;
    if (waiter.left > 0) return;
    this.statsWaiters.delete(message.id);
    waiter.done(waiter.stats);
  }

  /** A worker that dies while serving is replaced; its clients reconnect to the others meanwhile. */
  private onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.workers[worker.index] !== worker) return;
    this.workers[worker.index] = null;
    if (this.closing) return;
    this.crashes = Date.now() - worker.startedAt > HEALTHY_AFTER_MS ? 1 : this.crashes + 1;
    const delay = Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** (this.crashes - 1));
    this.options.log.warn({ liveWorker: worker.index, code, signal, restartInMs: delay }, 'live-data worker exited; its clients reconnect to the others; restarting it');
    setTimeout(() => {
      if (this.closing || this.workers[worker.index] !== null) return;
      this.spawn(worker.index).catch((error: unknown) => this.options.log.error({ err: error }, 'live-data worker could not restart'));
    }, delay).unref();
  }

  private stopWorker(worker: Worker, graceMs: number): Promise<void> {
    const { child } = worker;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs + EXIT_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // Without the channel it exits by itself ('disconnect'); workers ignore SIGTERM (liveWorker.ts).
      if (child.connected) child.send({ t: 'close', graceMs } satisfies ToWorker);
      else child.kill('SIGKILL');
    });
  }
}

type ServerSocket = Socket & { server: ServerCount | null; _server: ServerCount | null };
interface ServerCount {
  _connections: number;
}

/**
 * The socket now belongs to a worker: the HTTP server stops counting it here. Node would
 * otherwise track it through the child (for the server's close), and `server.close()` never
 * finishes once those children have exited (it waits on workers it has already forgotten).
 */
function forgetInServer(socket: Socket): void {
  const tracked = socket as ServerSocket;
  const server = tracked._server ?? tracked.server;
  if (server === null || server === undefined) return;
  tracked.server = null;
  tracked._server = null;
  server._connections -= 1;
}

/**
 * Node options of a worker. From source, it needs the TypeScript loader this process runs with:
 * tsx (under `tsx src/main.ts`, and under vitest, which does not use tsx itself).
 */
function workerExecArgv(): string[] {
  if (!WORKER_FILE.endsWith('.ts')) return [];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

/**
 * The worker resolves its imports as the server does: a tsconfig chosen for the parent (the
 * benchmark's, which maps bare imports to type declarations first) must not carry over.
 */
function workerEnv(): NodeJS.ProcessEnv {
  const { TSX_TSCONFIG_PATH: _parentTsconfig, ...env } = process.env;
  return env;
}

