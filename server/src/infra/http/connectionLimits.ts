import type { IncomingMessage, Server } from 'node:http';
import { type Socket, isIPv6 } from 'node:net';
import type { Duplex } from 'node:stream';
import type { App } from './types';
import { errors } from './errorCatalogue';
import { PerAddressCount } from './perAddressCount';
import { rawEnvelopeAnswer } from './rawAnswers';

export interface ConnectionCaps {
  /** Open TCP connections from one address (HTTP, keep-alive, WebSocket, video). */
  maxConnectionsPerAddress: number;
  /** Open WebSockets from one address (/ws/chat and /ws/live-data together). */
  maxWebSocketsPerAddress: number;
}

/**
 * Who counts as "one address": an IPv4 address (IPv4-mapped IPv6 written as IPv4), or an IPv6
 * /64 (one subscriber is given a whole /64, so single IPv6 addresses cost an attacker nothing).
 * Null when the socket has no peer address (an in-process injected upgrade): not counted.
 */
export function addressKey(remoteAddress: string | undefined): string | null {
  if (remoteAddress === undefined || remoteAddress === '') return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  if (mapped) return mapped[1] ?? null;
  if (!isIPv6(remoteAddress)) return remoteAddress;
  return `${expandIPv6(remoteAddress).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address (`::` filled in, zone id dropped). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * Caps what one address can hold open, in one place for the whole server:
 * - every TCP connection, checked when it is accepted, before Node's HTTP parser is attached
 *   (so a refused connection costs no parsing): it gets a 429 envelope and is closed;
 * - every WebSocket upgrade (/ws/chat, /ws/live-data), checked before any route or the
 *   live-data workers see it: a 429 envelope instead of the handshake.
 * Call right after creating the app (the connection listener) and before `ready()` (the upgrade
 * guard goes in front of every upgrade listener once they are all attached, at onReady).
 *
 * Not covered: live-data sockets handed to fan-out workers (LIVE_WORKERS > 0) leave this process,
 * so they stop counting here once handed over (server/README.md, "HTTP").
 */
export function installConnectionLimits(app: App, caps: ConnectionCaps): void {
  const server = app.server;
  const connections = new PerAddressCount(caps.maxConnectionsPerAddress);
  const forwardConnection = takeOverListeners(server, 'connection');
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    if (key === null) return forwardConnection(socket);
    if (!connections.tryTake(key)) {
      app.log.warn({ address: key, limit: caps.maxConnectionsPerAddress }, 'connection refused: too many from one address');
      return refuse(socket);
    }
    socket.once('close', () => connections.release(key));
    forwardConnection(socket);
  });

  const webSockets = new PerAddressCount(caps.maxWebSocketsPerAddress);
  // At onReady every upgrade listener is attached: @fastify/websocket's router, and the
  // live-data hand-off to workers (feed/liveSetup.ts, an earlier onReady hook).
  app.addHook('onReady', async () => {
    const forwardUpgrade = takeOverListeners(server, 'upgrade');
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const key = addressKey(request.socket.remoteAddress);
      if (key === null) return forwardUpgrade(request, socket, head);
      if (!webSockets.tryTake(key)) {
        app.log.warn({ address: key, limit: caps.maxWebSocketsPerAddress, url: request.url }, 'websocket refused: too many from one address');
        return refuse(socket);
      }
      socket.once('close', () => webSockets.release(key));
      forwardUpgrade(request, socket, head);
    });
  });
}

/**
 * Removes the listeners `server` has for `event` now and returns a function that calls them:
 * the guard installed instead decides whether they run. (Prepending a listener would not do:
 * Node's own connection listener would still run for a refused socket and start reading it.)
 */
function takeOverListeners(server: Server, event: 'connection' | 'upgrade'): (...args: unknown[]) => void {
  const existing = server.listeners(event) as ((...args: unknown[]) => void)[];
  server.removeAllListeners(event);
  return (...args) => {
    for (const listener of existing) listener.apply(server, args);
  };
}

/** The 429 envelope, then closed; what the client sends meanwhile is read and dropped (no reset before it reads the answer). */
function refuse(socket: Duplex): void {
  socket.on('error', () => undefined);
  socket.resume();
  socket.end(rawEnvelopeAnswer(errors.TOO_MANY_CONNECTIONS()), () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
}
