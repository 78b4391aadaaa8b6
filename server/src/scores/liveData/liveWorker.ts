/**
 * A live-data fan-out worker process (started by liveWorkerPool.ts, never by hand). The main
 * process accepts HTTP; on an upgrade to /ws/live-data it hands the TCP socket here, and this
 * process finishes the WebSocket handshake and serves the client with its own LiveDataHub, fed
 * over IPC with every broadcast of the main hub. N workers write to their clients in parallel:
 * the per-socket write is what limits one process (server/README.md, "Benchmark").
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { pino } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { type DatabaseHandle, createDatabase } from '../../infra/db/database';
import { createLiveHistory } from '../liveHistory';
import { IpcBus } from './ipcBus';
import { LiveDataHub } from './liveDataHub';
import type { FromWorker, ToWorker, WorkerStats } from './workerMessages';

/** How long the main process may take to send `init` before this worker gives up. */
const INIT_TIMEOUT_MS = 30_000;

interface Running {
  hub: LiveDataHub;
  wss: WebSocketServer;
  database: DatabaseHandle | null;
  log: pino.Logger;
}

const bus = new IpcBus();
let running: Running | null = null;
let stopping = false;
/** Sockets handed over and closed since the last `left` report (sent once a turn). */
let leftSinceReport = 0;

const send = (message: FromWorker) => {
  if (process.connected) process.send?.(message);
};

const initTimer = setTimeout(() => process.exit(1), INIT_TIMEOUT_MS);

// Registered at once: `live` messages sent right after `init` are kept (IpcBus) while the hub loads.
process.on('message', (message: ToWorker, handle?: Socket) => {
  switch (message.t) {
    case 'init':
      clearTimeout(initTimer);
      void start(message).catch((error: unknown) => {
        console.error('live-data worker could not start:', error);
        process.exit(1);
      });
      return;
    case 'live':
      bus.receive(message.messages);
      return;
    case 'socket':
      if (handle !== undefined) upgrade(message, handle);
      return;
    case 'stats':
      send({ t: 'stats', id: message.id, ...stats() });
      return;
    case 'close':
      void stop(message.graceMs);
  }
});
// The main process is gone (crashed or killed): nothing will feed this hub any more.
process.on('disconnect', () => void stop(0));
// Ctrl-C reaches the whole process group: the main process stops the workers itself, in order
// (its clients get 1001 from here), so the signal must not kill this process first.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);

async function start(init: Extract<ToWorker, { t: 'init' }>): Promise<void> {
  const log = pino({ level: init.logLevel }).child({ liveWorker: init.index });
  const database = init.databaseUrl === null ? null : createDatabase({ connectionString: init.databaseUrl, max: 2, onPoolError: (error) => log.warn({ err: error }, 'idle database connection lost') });
  const hub = new LiveDataHub({ ...init.hub, history: database === null ? undefined : createLiveHistory(database.db), bus, log });
  // Frames are pre-built and written to the TCP socket as they are: no permessage-deflate.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: init.maxPayloadBytes });
  await hub.start();
  running = { hub, wss, database, log };
  send({ t: 'ready' });
}

/** Finishes the handshake the main process received (its request line, headers and the bytes after them). */
function upgrade(message: Extract<ToWorker, { t: 'socket' }>, socket: Socket): void {
  socket.once('close', () => {
    leftSinceReport += 1;
    if (leftSinceReport === 1) setImmediate(reportLeft);
  });
  if (running === null || stopping) {
    socket.destroy();
    return;
  }
  const { hub, wss } = running;
  const request = { method: message.method, url: message.url, headers: message.headers, socket } as unknown as IncomingMessage;
  wss.handleUpgrade(request, socket, Buffer.from(message.head, 'base64'), (ws: WebSocket) => {
    // A reset connection reports an error; the hub's close handler cleans up.
    ws.on('error', () => undefined);
    hub.accept(ws);
  });
}

function reportLeft(): void {
  const count = leftSinceReport;
  leftSinceReport = 0;
  if (count > 0) send({ t: 'left', count });
}

function stats(): WorkerStats {
  const cpu = process.cpuUsage();
  const cpuMicros = cpu.user + cpu.system;
  if (running === null) return { clients: 0, subscribers: 0, maxBufferedBytes: 0, cpuMicros };
  return { clients: running.hub.clients.size, subscribers: running.hub.fanout.subscriberCount, maxBufferedBytes: running.hub.maxBufferedBytes(), cpuMicros };
}

async function stop(graceMs: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (running !== null) {
    await running.hub.closeAll(graceMs);
    await running.database?.close().catch((error: unknown) => running?.log.warn({ err: error }, 'live-data worker: database pool did not close cleanly'));
  }
  process.exit(0);
}
