import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { LiveDataHub, LiveWorkerPool, memorySeqBlocks, routeLiveDataUpgrades } from '@sports/server/bench';
import { scoreUpdate } from './scoreUpdate';
import { WATCHED_MATCH_ID, centreDelta } from './centreDelta';

/** What the benchmark drives: a server node holding N sockets that broadcasts score updates. */
export interface BenchServer {
  port: number;
  subscribers(): Promise<number>;
  broadcast(sequence: number): void;
  /** Writes what is pending now (the hub batches a turn's broadcasts; the naive loop sends at once). */
  flush(): void;
  /**
   * The largest send backlog of any client (the producer paces itself on it). With workers it
   * is asked over IPC, answered after the broadcasts sent before: that also paces the producer
   * to what the workers have taken.
   */
  backlogBytes(): Promise<number>;
  /** CPU time (µs) used so far by each process writing to clients: this one, or each worker. */
  cpuMicros(): Promise<number[]>;
  close(): Promise<void>;
}

/** This process's CPU time (the hub and the naive loop write from here). */
async function ownCpuMicros(): Promise<number[]> {
  const usage = process.cpuUsage();
  return [usage.user + usage.system];
}

async function listen(): Promise<WebSocketServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false, backlog: 2_048 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return server;
}

async function closeServer(server: WebSocketServer): Promise<void> {
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A bench client must not be dropped as a slow consumer while the producer paces at a lower bound. */
const BENCH_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Our live-data hub: encode once, one pre-built frame (or one batch) written to every subscriber.
 * `centre`: the analytics run: match-centre deltas of one match, to the sockets watching it, as
 * the server sends them (a delta within the hub's window after a write of deltas, MATCH_CENTRE_WINDOW_MS,
 * waits to share the next write; `window.centreWindowMs` another window); `centreWindowMs` 0: each
 * delta written in its turn.
 */
export async function startHubServer(centre = false, window: { centreWindowMs?: number } = {}): Promise<BenchServer> {
  const server = await listen();
  const hub = new LiveDataHub({ log: pino({ level: 'warn' }), maxBufferedBytes: BENCH_MAX_BUFFERED_BYTES, ...window });
  await hub.enablePublishing(memorySeqBlocks);
  server.on('connection', (socket: WebSocket) => hub.accept(socket));
  return {
    port: (server.address() as AddressInfo).port,
    subscribers: async () => hub.fanout.subscriberCount,
    broadcast: (sequence) => {
      if (centre) hub.publish('match_centre', centreDelta(sequence), { hot: true, companyId: null });
      else hub.publish('football_match', [scoreUpdate(sequence)], { hot: true, companyId: null });
    },
    // The deltas go out when the hub's window says (forcing a flush would measure another server).
    flush: () => (centre ? undefined : hub.fanout.flush()),
    backlogBytes: async () => hub.maxBufferedBytes(),
    cpuMicros: ownCpuMicros,
    close: async () => {
      await hub.closeAll(200);
      await closeServer(server);
    },
  };
}

/**
 * LIVE_WORKERS > 0, as the server runs it (feed/liveSetup.ts): this process accepts HTTP and
 * hands each /ws/live-data socket to the least loaded of `count` worker processes
 * (realtime/liveWorker.ts), and its hub numbers each update once and relays it to every worker
 * over IPC; each worker writes it to its own clients, in parallel with the others.
 */
export async function startWorkersServer(count: number): Promise<BenchServer> {
  const log = pino({ level: 'warn' });
  let pool: LiveWorkerPool | null = null;
  const hub = new LiveDataHub({ log, maxBufferedBytes: BENCH_MAX_BUFFERED_BYTES, relay: (message) => pool?.relay(message) });
  await hub.enablePublishing(memorySeqBlocks);
  const workers = new LiveWorkerPool({
    count,
    databaseUrl: null,
    hub: { maxBufferedBytes: BENCH_MAX_BUFFERED_BYTES },
    maxPayloadBytes: 64 * 1024,
    recentMessages: () => hub.recentMessages(),
    log,
  });
  await workers.start();
  pool = workers;
  const server = createServer((_request, response) => response.writeHead(426).end());
  // What the server's router does with an upgrade no worker takes (none here): refuse it.
  server.on('upgrade', (_request, socket) => socket.destroy());
  const upgrades = routeLiveDataUpgrades(server, workers);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2_048 }, resolve));
  const total = async (field: 'subscribers' | 'maxBufferedBytes') => (await workers.stats()).reduce((sum, stats) => (field === 'subscribers' ? sum + stats.subscribers : Math.max(sum, stats.maxBufferedBytes)), 0);
  return {
    port: (server.address() as AddressInfo).port,
    subscribers: () => total('subscribers'),
    broadcast: (sequence) => {
      hub.publish('football_match', [scoreUpdate(sequence)], { hot: true, companyId: null });
    },
    flush: () => hub.fanout.flush(),
    backlogBytes: () => total('maxBufferedBytes'),
    cpuMicros: async () => (await workers.stats()).map((stats) => stats.cpuMicros),
    close: async () => {
      upgrades.refuse();
      await hub.closeAll(200);
      await workers.close(200);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The baseline: a plain `ws` loop that JSON-stringifies the message and sends it to each client
 * (`centre`: the match-centre delta to each client, as a server without the hub would).
 */
export async function startNaiveServer(centre = false): Promise<BenchServer> {
  const server = await listen();
  let seq = 0;
  return {
    port: (server.address() as AddressInfo).port,
    subscribers: async () => server.clients.size,
    broadcast: (sequence) => {
      const message = centre ? { code: 100, type: 'match_centre', seq: (seq += 1), data: centreDelta(sequence) } : { code: 100, type: 'football_match', seq: (seq += 1), data: [scoreUpdate(sequence)] };
      for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
    },
    flush: () => undefined,
    backlogBytes: async () => {
      let max = 0;
      for (const client of server.clients) max = Math.max(max, client.bufferedAmount);
      return max;
    },
    cpuMicros: ownCpuMicros,
    close: () => closeServer(server),
  };
}
