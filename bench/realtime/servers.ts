import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { LiveDataHub } from '../../server/src/realtime/liveDataHub';
import { memorySeqBlocks } from '../../server/src/realtime/seqAllocator';
import { scoreUpdate } from './scoreUpdate';

/** What the benchmark drives: a server node holding N sockets that broadcasts score updates. */
export interface BenchServer {
  port: number;
  subscribers(): number;
  broadcast(sequence: number): void;
  /** Writes what is pending now (the hub batches a turn's broadcasts; the naive loop sends at once). */
  flush(): void;
  /** The largest send backlog of any client (the producer paces itself on it). */
  backlogBytes(): number;
  close(): Promise<void>;
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

/** Our live-data hub: encode once, one pre-built frame (or one batch) written to every subscriber. */
export async function startHubServer(): Promise<BenchServer> {
  const server = await listen();
  // A bench client must not be dropped as a slow consumer while the producer paces at a lower bound.
  const hub = new LiveDataHub({ log: pino({ level: 'warn' }), maxBufferedBytes: 16 * 1024 * 1024 });
  await hub.enablePublishing(memorySeqBlocks);
  server.on('connection', (socket: WebSocket) => hub.accept(socket));
  return {
    port: (server.address() as AddressInfo).port,
    subscribers: () => hub.fanout.subscriberCount,
    broadcast: (sequence) => {
      hub.publish('football_match', [scoreUpdate(sequence)], { hot: true, companyId: null });
    },
    flush: () => hub.fanout.flush(),
    backlogBytes: () => hub.maxBufferedBytes(),
    close: async () => {
      await hub.closeAll(200);
      await closeServer(server);
    },
  };
}

/** The baseline: a plain `ws` loop that JSON-stringifies the message and sends it to each client. */
export async function startNaiveServer(): Promise<BenchServer> {
  const server = await listen();
  let seq = 0;
  return {
    port: (server.address() as AddressInfo).port,
    subscribers: () => server.clients.size,
    broadcast: (sequence) => {
      const message = { code: 100, type: 'football_match', seq: (seq += 1), data: [scoreUpdate(sequence)] };
      for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
    },
    flush: () => undefined,
    backlogBytes: () => {
      let max = 0;
      for (const client of server.clients) max = Math.max(max, client.bufferedAmount);
      return max;
    },
    close: () => closeServer(server),
  };
}
