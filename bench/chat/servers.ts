import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { ChatDirectory, ChatGroup, ChatHub, type ChatRoomInfo, type ChatUserInfo, createGuestSigner, createMemberSigner, defaultChatConfig, FanMedalChatLines, InProcessChatBus, systemClock, type WornMedal, WornMedals } from '@sports/server/bench';

export const BENCH_SECRET = 'chat-bench-secret-not-for-production';

/** A chat node under test: its port and how many members are in the room. */
export interface ChatBenchServer {
  port: number;
  members(): number;
  close(): Promise<void>;
}

/**
 * The rows the chat would read from PostgreSQL, in memory: the bench measures the socket fan-out,
 * not the database (lookups are cached after the first message anyway).
 */
class BenchDirectory extends ChatDirectory {
  constructor(private readonly groupId: string) {
    super(null as never, systemClock);
  }
  override async room(groupId: string): Promise<ChatRoomInfo | null> {
    return groupId === this.groupId ? { roomId: 1, ownerId: Number(groupId), title: 'bench', placard: '', isOpen: true } : null;
  }
  override async user(userId: number): Promise<ChatUserInfo | null> {
    return { nickname: `用户${userId}`, avatar: '', isAnchor: false, exp: 0 };
  }
  override async roomAdmins(): Promise<Set<number>> {
    return new Set();
  }
  override async muteOf(): Promise<undefined> {
    return undefined;
  }
}

/**
 * Fan medals (issue 35): every sending member wears one (a level from their id, some greyed). The
 * real cache the send path reads (WornMedals), its one row per member served from memory as the
 * directory's are; the real chat lines' batcher, applying to nothing (the bench measures the
 * sockets and the send path, not the database).
 */
class BenchWornMedals extends WornMedals {
  constructor() {
    super(null as never, systemClock);
  }
  protected override async read(memberId: number): Promise<WornMedal | null> {
    const greyed = memberId % 5 === 0;
    return { anchorId: 900_000 + (memberId % 7), name: '铁粉团', intimacy: (memberId % 20) * 1_500, lastInteractionAt: Date.now() - (greyed ? 8 : 1) * 86_400_000 };
  }
}

function benchMedals(log: unknown) {
  const worn = new BenchWornMedals();
  const lines = new FanMedalChatLines({ chatted: async () => [] } as never, () => new Date(), () => undefined, log as never);
  return {
    source: {
      badgeOf: (memberId: number, roomOwnerId: number | null) => worn.badgeOf(memberId, roomOwnerId),
      lineSent: (memberId: number, roomOwnerId: number) => lines.lineSent(memberId, roomOwnerId),
      forget: (memberId: number) => worn.forget(memberId),
    },
    stop: () => lines.stop(),
  };
}

async function listen(): Promise<WebSocketServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false, backlog: 2_048, maxPayload: 64 * 1024 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return server;
}

async function closeServer(server: WebSocketServer): Promise<void> {
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The server's time writing to every member, per flush (what bounds the latency on its side). */
export const flushTiming = { count: 0, totalMs: 0, maxMs: 0 };
const originalFlush = ChatGroup.prototype.flush;
ChatGroup.prototype.flush = function timedFlush(this: ChatGroup): void {
  const started = performance.now();
  originalFlush.call(this);
  const took = performance.now() - started;
  if (took < 0.05) return; // nothing was pending
  flushTiming.count += 1;
  flushTiming.totalMs += took;
  flushTiming.maxMs = Math.max(flushTiming.maxMs, took);
};

/**
 * The bench's senders hold site sessions that never end (no PostgreSQL here): the hub still asks
 * on connect and on its periodic check, as in production, and hears "active".
 */
export const BENCH_SESSIONS = {
  isActive: async (): Promise<boolean> => true,
  ended: async (): Promise<Set<number>> => new Set(),
};

/**
 * Our ChatHub (the code /ws/chat runs): every check of a real send, each message framed once.
 * `medals`: every member line carries the sender's worn fan medal (as the server attaches them);
 * without, badges are off (the run before medals).
 */
export async function startChatHubServer(groupId: string, flushIntervalMs: number, medals = false): Promise<ChatBenchServer> {
  const server = await listen();
  const log = pino({ level: 'warn' });
  const medalSource = medals ? benchMedals(log) : null;
  const hub = new ChatHub({
    config: defaultChatConfig(),
    directory: new BenchDirectory(groupId),
    memberSigner: createMemberSigner(BENCH_SECRET, systemClock),
    guestSigner: createGuestSigner(BENCH_SECRET, systemClock),
    sessions: BENCH_SESSIONS,
    bus: new InProcessChatBus(),
    clock: systemClock,
    log,
    guestNicknamePrefix: '游客',
    flushIntervalMs,
    maxBufferedBytes: 16 * 1024 * 1024,
  });
  if (medalSource !== null) hub.attachMedals(medalSource.source);
  await hub.start();
  server.on('connection', (socket: WebSocket) => hub.accept(socket));
  return {
    port: (server.address() as AddressInfo).port,
    members: () => hub.onlineCount(groupId),
    close: async () => {
      await medalSource?.stop();
      await hub.close(200);
      await closeServer(server);
    },
  };
}

/**
 * The baseline: the same frames answered by a plain `ws` loop that JSON-stringifies each message
 * per member and sends it with ws.send (no checks at all, so it is the cheaper server otherwise).
 */
export async function startNaiveChatServer(groupId: string): Promise<ChatBenchServer> {
  const server = await listen();
  const members = new Set<WebSocket>();
  let seq = 0;
  server.on('connection', (socket: WebSocket) => {
    let userId = '';
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; userId?: string; groupId?: string; ref?: string; text?: string; kind?: string };
      if (frame.type === 'login') {
        userId = frame.userId ?? '';
        socket.send(JSON.stringify({ type: 'login-result', v: 1, ok: true, userId, kind: 'guest', profile: { nickname: userId, avatar: '' }, canSend: true }));
      } else if (frame.type === 'join') {
        members.add(socket);
        socket.send(JSON.stringify({ type: 'join-status', groupId, status: 'success' }));
      } else if (frame.type === 'send') {
        seq += 1;
        const message = { id: `m${seq}`, seq, groupId, kind: frame.kind, text: frame.text, from: { userId, nickname: userId, avatar: '', role: 'member' }, cloudCustomData: { type: 0 }, sentAt: Date.now() };
        socket.send(JSON.stringify({ type: 'ack', ref: frame.ref, message }));
        for (const member of members) if (member.readyState === WebSocket.OPEN) member.send(JSON.stringify({ type: 'message', message }));
      }
    });
    socket.on('close', () => members.delete(socket));
  });
  return { port: (server.address() as AddressInfo).port, members: () => members.size, close: () => closeServer(server) };
}
