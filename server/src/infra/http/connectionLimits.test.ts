import net, { type AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultHttpLimitsConfig } from './httpConfig';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { errors } from './errorCatalogue';

/**
 * Real sockets against the real app. The whole of 127.0.0.0/8 is on Linux's loopback, so a
 * client bound to 127.0.0.2 reaches a server listening on 127.0.0.1 from another address.
 */
const OTHER_ADDRESS = '127.0.0.2';

/** A raw TCP client: what it received, and when the server closed it. */
interface RawClient {
  socket: net.Socket;
  received(): string;
  closed: Promise<number>;
}

let openClients: net.Socket[] = [];
let openSockets: WebSocket[] = [];
/** The server under test, so each test can start once it holds no connection from the last. */
let currentServer: net.Server | null = null;

const serverConnections = () =>
  new Promise<number>((resolve, reject) => currentServer?.getConnections((error, count) => (error ? reject(error) : resolve(count))));

afterEach(async () => {
  for (const socket of openClients) socket.destroy();
  for (const socket of openSockets) socket.terminate();
  openClients = [];
  openSockets = [];
  await waitFor(async () => (await serverConnections()) === 0);
});

async function connect(port: number, localAddress = '127.0.0.1'): Promise<RawClient> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  openClients.push(socket);
  let text = '';
  const startedAt = Date.now();
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - startedAt)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed };
}

/** One GET on a raw connection (kept open afterwards: keep-alive). */
async function get(client: RawClient, path: string): Promise<string> {
  const before = client.received().length;
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
  await waitFor(() => client.received().length > before && client.received().includes('\r\n\r\n', before));
  return client.received().slice(before);
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function envelopeOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

/** Opens a WebSocket; resolves with the socket, or with the HTTP status it was refused with. */
function openWebSocket(url: string, localAddress = '127.0.0.1'): Promise<WebSocket | number> {
  const socket = new WebSocket(url, { localAddress });
  openSockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

describe('timeouts', () => {
  const ctx = useTestApp(embeddedTarget(), {
    seed: false,
    app: { http: { ...defaultHttpLimitsConfig(), headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 300 } },
  });
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    currentServer = ctx.app.server;
  });

  it('closes a connection that never sends its headers, answering 408 with an envelope', async () => {
    const client = await connect(port);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n');
    const closedAfter = await client.closed;
    expect(closedAfter).toBeLessThan(2_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(client.received())).toEqual({ code: 1, msg: errors.REQUEST_TIMEOUT.message, data: null, reason: 'REQUEST_TIMEOUT' });
  });

  it('closes a client that trickles its body, within the request timeout', async () => {
    const client = await connect(port);
    client.socket.write('POST /api/mf/telemetry HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    try {
      const closedAfter = await client.closed;
      expect(closedAfter).toBeGreaterThanOrEqual(700);
      expect(closedAfter).toBeLessThan(2_500);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an idle keep-alive connection after a request', async () => {
    const client = await connect(port);
    expect(await get(client, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);
    // Node closes idle keep-alive sockets at the timeout (plus its own check's slack).
    await expect(Promise.race([client.closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('open'), 3_000))])).resolves.toBe('closed');
  });
});

describe('per-address caps', () => {
  const ctx = useTestApp(embeddedTarget(), {
    seed: false,
    app: { http: { ...defaultHttpLimitsConfig(), maxConnectionsPerAddress: 4, maxWebSocketsPerAddress: 2 } },
  });
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    currentServer = ctx.app.server;
  });

  it('refuses the connection over the cap from one address with 429, while another address is served', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => connect(port)));
    for (const client of held) expect(await get(client, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);

    const refused = await connect(port);
    refused.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    await refused.closed;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(envelopeOf(refused.received())).toEqual({ code: 1, msg: errors.TOO_MANY_CONNECTIONS.message, data: null, reason: 'TOO_MANY_CONNECTIONS' });

    const other = await connect(port, OTHER_ADDRESS);
    expect(await get(other, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);

    // A slot freed is a slot again.
    const before = await serverConnections();
    held[0]?.socket.destroy();
    await waitFor(async () => (await serverConnections()) === before - 1);
    const again = await connect(port);
    expect(await get(again, '/healthz')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it.each(['/ws/live-data', '/ws/chat'])('refuses the WebSocket over the cap on %s from one address, not from another', async (path) => {
    const url = `ws://127.0.0.1:${port}${path}`;
    const first = await openWebSocket(url);
    const second = await openWebSocket(url);
    expect(first).toBeInstanceOf(WebSocket);
    expect(second).toBeInstanceOf(WebSocket);
    expect(await openWebSocket(url)).toBe(429);
    expect(await openWebSocket(url, OTHER_ADDRESS)).toBeInstanceOf(WebSocket);

    const before = await serverConnections();
    (first as WebSocket).terminate();
    await waitFor(async () => (await serverConnections()) === before - 1);
    expect(await openWebSocket(url)).toBeInstanceOf(WebSocket);
  });
});
