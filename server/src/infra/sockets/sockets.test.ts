import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SocketCloseCode } from '@sports/shared/server';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { readJsonFrame } from './jsonFrame';
import { type AdmittedSocket, BadFrameCounter, admitSocket, closeForPolicy } from './socketAdmission';
import { SLOW_CLOSE_GRACE_MS, SocketClient, closeWithin } from './socketClient';
import { textFrame } from './textFrame';

/** A real HTTP server on port 0 with a ws server; each accepted socket goes to `onSocket`. */
async function socketServer(onSocket: (socket: WebSocket) => void): Promise<{ url: string; server: Server; wss: WebSocketServer }> {
  const server = createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', onSocket);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, server, wss };
}

const opened: { server: Server; wss: WebSocketServer }[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  for (const { server, wss } of opened.splice(0)) {
    for (const socket of wss.clients) socket.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose sockets are handed out, and a client connected to it. */
async function connectedPair(onSocket: (socket: WebSocket) => void = () => undefined): Promise<{ client: WebSocket; server: WebSocket }> {
  let serverSide: ((socket: WebSocket) => void) | null = null;
  const accepted = new Promise<WebSocket>((resolve) => {
    serverSide = resolve;
  });
  const running = await socketServer((socket) => {
    socket.on('error', () => undefined);
    onSocket(socket);
    serverSide?.(socket);
  });
  opened.push(running);
  const client = new WebSocket(running.url);
  client.on('error', () => undefined);
  clients.push(client);
  await once(client, 'open');
  return { client, server: await accepted };
}

function closeCode(client: WebSocket): Promise<number> {
  return new Promise((resolve) => client.once('close', (code: number) => resolve(code)));
}

/** The client stops reading: its TCP receive window fills and the server's backlog grows. */
function stopReading(client: WebSocket): void {
  (client as unknown as { _socket: Socket })._socket.pause();
}

describe('SocketClient: raw writes with the slow-consumer cut-off', () => {
  it('writes a pre-built frame as it is (one buffer to many sockets, no per-socket framing)', async () => {
    const a = await connectedPair();
    const b = await connectedPair();
    const frame = textFrame(Buffer.from(JSON.stringify({ type: 'hello', n: 1 })));
    const received = [once(a.client, 'message'), once(b.client, 'message')];
    for (const pair of [a, b]) new SocketClient(pair.server, 64 * 1024).write(frame);
    for (const [data, isBinary] of await Promise.all(received)) {
      expect(isBinary).toBe(false);
      expect(JSON.parse(String(data))).toEqual({ type: 'hello', n: 1 });
    }
  });

  it('closes a client that stops reading once its backlog passes the bound, and stops writing to it', async () => {
    const { client, server } = await connectedPair();
    const socket = new SocketClient(server, 64 * 1024);
    stopReading(client);
    const serverClosed = once(server, 'close');
    const frame = textFrame(Buffer.alloc(16 * 1024, 'x'));
    let writes = 0;
    // Far more than the bound plus what the kernel buffers take: the cut-off must come first.
    while (server.readyState === WebSocket.OPEN && writes < 4_000) {
      socket.write(frame);
      writes += 1;
      if (writes % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.readyState).not.toBe(WebSocket.OPEN);
    expect(writes).toBeLessThan(4_000);
    const backlog = socket.bufferedBytes;
    socket.write(frame);
    expect(socket.bufferedBytes).toBe(backlog);
    // The close frame sits behind the backlog the client never reads: the connection is cut
    // after the grace instead of waiting for the handshake.
    const started = Date.now();
    await serverClosed;
    expect(Date.now() - started).toBeLessThan(SLOW_CLOSE_GRACE_MS + 1_000);
  });

  it('tells a client that does read the close code SlowConsumer', async () => {
    const { client, server } = await connectedPair();
    const socket = new SocketClient(server, 1024);
    const code = closeCode(client);
    socket.closeSlow();
    socket.closeSlow();
    expect(await code).toBe(SocketCloseCode.SlowConsumer);
  });
});

describe('closeWithin: closing within a deadline', () => {
  it('completes the close handshake with a client that answers (GoingAway)', async () => {
    const { client, server } = await connectedPair();
    const code = closeCode(client);
    const started = Date.now();
    await closeWithin(server, 5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await code).toBe(SocketCloseCode.GoingAway);
    expect(server.readyState).toBe(WebSocket.CLOSED);
  });

  it('cuts a client that does not answer the close handshake when the deadline passes', async () => {
    const { client, server } = await connectedPair();
    stopReading(client);
    const started = Date.now();
    await closeWithin(server, 300);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.readyState).toBe(WebSocket.CLOSED);
  });

  it('resolves at once for a socket already closed', async () => {
    const { client, server } = await connectedPair();
    const closed = once(server, 'close');
    client.close();
    await closed;
    await closeWithin(server, 10_000);
  });
});

describe('admitSocket: idle timeout and bad-frame limit', () => {
  function admitted(idleTimeoutMs: number, handlers: Partial<AdmittedSocket> = {}, closing = false) {
    return (socket: WebSocket) => {
      admitSocket(socket, closing, idleTimeoutMs, { onMessage: () => undefined, onClose: () => undefined, ...handlers });
    };
  }

  it('closes a client that sends nothing for idleTimeoutMs with IdleTimeout', async () => {
    const { client } = await connectedPair(admitted(200));
    const started = Date.now();
    expect(await closeCode(client)).toBe(SocketCloseCode.IdleTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('keeps a client that keeps talking (any frame counts, even one rejected)', async () => {
    let frames = 0;
    const { client } = await connectedPair(admitted(300, { onMessage: () => (frames += 1) }));
    let closed = false;
    client.once('close', () => (closed = true));
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      client.send(i % 2 === 0 ? 'not json' : Buffer.from([1, 2, 3]));
    }
    expect(closed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames).toBe(8);
    expect(await closeCode(client)).toBe(SocketCloseCode.IdleTimeout);
  });

  it('answers GoingAway at once while the server is closing, and reports the close when admitted', async () => {
    const refused = await connectedPair(admitted(10_000, {}, true));
    expect(await closeCode(refused.client)).toBe(SocketCloseCode.GoingAway);
    let closes = 0;
    const { client, server } = await connectedPair(admitted(10_000, { onClose: () => (closes += 1) }));
    const closed = once(server, 'close');
    client.close();
    await closed;
    expect(closes).toBe(1);
  });

  it('closes with PolicyViolation on the bad frame that reaches maxBadFrames, once', async () => {
    const counter = new BadFrameCounter(3);
    let closesAsked = 0;
    const { client } = await connectedPair((socket) => {
      admitSocket(socket, false, 10_000, {
        onMessage: (data, isBinary) => {
          const frame = readJsonFrame(data, isBinary, 1024);
          if (frame.ok) return;
          if (counter.reject()) {
            closesAsked += 1;
            closeForPolicy(socket, 'too many invalid frames');
          }
        },
        onClose: () => undefined,
      });
    });
    const code = closeCode(client);
    client.send('{"fine": true}');
    client.send('nope');
    client.send(Buffer.from([0]));
    client.send('x'.repeat(2_000));
    client.send('still bad');
    expect(await code).toBe(SocketCloseCode.PolicyViolation);
    expect(counter.count).toBeGreaterThanOrEqual(3);
    expect(closesAsked).toBe(1);
  });

  it('BadFrameCounter trips once, at the limit (a limit under 1 counts as 1)', () => {
    const three = new BadFrameCounter(3);
    expect([three.reject(), three.reject(), three.reject(), three.reject()]).toEqual([false, false, true, false]);
    const zero = new BadFrameCounter(0);
    expect([zero.reject(), zero.reject()]).toEqual([true, false]);
  });
});

describe('readJsonFrame: JSON with a size bound', () => {
  it('reads text JSON up to the bound and names what is wrong otherwise', () => {
    expect(readJsonFrame(Buffer.from('{"type":"ping"}'), false, 64)).toEqual({ ok: true, value: { type: 'ping' } });
    expect(readJsonFrame(Buffer.from('{"type":"ping"}'), true, 64)).toEqual({ ok: false, problem: 'binary' });
    expect(readJsonFrame(Buffer.from(`"${'x'.repeat(63)}"`), false, 64)).toEqual({ ok: false, problem: 'too-large' });
    expect(readJsonFrame(Buffer.from(`"${'x'.repeat(62)}"`), false, 64).ok).toBe(true);
    expect(readJsonFrame(Buffer.from('{type:'), false, 64)).toEqual({ ok: false, problem: 'not-json' });
  });

  it('bounds frames arriving on a real socket by their bytes', async () => {
    const problems: string[] = [];
    const { client, server } = await connectedPair((socket) => {
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const frame = readJsonFrame(data, isBinary, 100);
        problems.push(frame.ok ? 'ok' : frame.problem);
      });
    });
    client.send(JSON.stringify({ text: '好'.repeat(30) })); // 90 bytes of text + 11: over 100
    client.send(JSON.stringify({ text: '好'.repeat(20) }));
    client.send('[1,2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.readyState).toBe(WebSocket.OPEN);
    expect(problems).toEqual(['too-large', 'ok', 'not-json']);
  });
});
