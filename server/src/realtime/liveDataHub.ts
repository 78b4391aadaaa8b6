import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import { SOCKET_HEARTBEAT_MS } from '@sports/shared/server';
import { type ClientFrame, type ServerFrame, parseClientFrame } from './liveDataProtocol';

/** Close codes the client can tell apart (it reconnects on any close, SPEC.md section 4). */
export const CloseCode = {
  GoingAway: 1001,
  PolicyViolation: 1008,
  /** Application range: no frame (not even a heartbeat) for too long. */
  IdleTimeout: 4000,
} as const;

export interface LiveDataHubOptions {
  /** Close a client that sent nothing for this long; default two heartbeat periods (60 s). */
  silentTimeoutMs?: number;
  /** Close a client after this many rejected frames (a broken or hostile client). */
  maxBadFrames?: number;
  log: FastifyBaseLogger;
}

/** What the server remembers about one connected page. */
export interface LiveDataClient {
  registered: boolean;
  companyId: number | null;
  classifyType: 0 | 1 | null;
  badFrames: number;
}

/**
 * Owns every open live-data socket: per-client state, the idle timeout, and closing them all on
 * shutdown. The scores issue adds broadcasting of match data to `clients`.
 */
export class LiveDataHub {
  readonly clients = new Map<WebSocket, LiveDataClient>();
  private readonly silentTimeoutMs: number;
  private readonly maxBadFrames: number;
  private readonly log: FastifyBaseLogger;
  private closing = false;

  constructor(options: LiveDataHubOptions) {
    this.silentTimeoutMs = options.silentTimeoutMs ?? 2 * SOCKET_HEARTBEAT_MS;
    this.maxBadFrames = options.maxBadFrames ?? 5;
    this.log = options.log;
  }

  accept(socket: WebSocket): void {
    if (this.closing) {
      socket.close(CloseCode.GoingAway, 'server shutting down');
      return;
    }
    const client: LiveDataClient = { registered: false, companyId: null, classifyType: null, badFrames: 0 };
    this.clients.set(socket, client);
    const idleTimer = setTimeout(() => socket.close(CloseCode.IdleTimeout, 'idle timeout'), this.silentTimeoutMs);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      // Any frame proves the client is alive, even one we reject.
      idleTimer.refresh();
      this.onFrame(socket, client, data, isBinary);
    });
    socket.on('close', () => {
      clearTimeout(idleTimer);
      this.clients.delete(socket);
    });
  }

  private onFrame(socket: WebSocket, client: LiveDataClient, data: Buffer, isBinary: boolean): void {
    const parsed = parseClientFrame(data, isBinary);
    if (!parsed.ok) {
      client.badFrames += 1;
      send(socket, { type: 'error', msg: parsed.msg });
      if (client.badFrames >= this.maxBadFrames) socket.close(CloseCode.PolicyViolation, 'too many invalid frames');
      return;
    }
    send(socket, this.handle(client, parsed.frame));
  }

  private handle(client: LiveDataClient, frame: ClientFrame): ServerFrame {
    switch (frame.type) {
      case 'register':
        client.registered = true;
        return { type: 'registered' };
      case 'heartbeat':
        return { type: 'heartbeat' };
      case 'toggle':
        client.companyId = Number(frame.company_id);
        return { type: 'toggled', company_id: client.companyId };
      case 'classify':
        client.classifyType = frame.classify_type;
        return { type: 'classified', classify_type: frame.classify_type };
    }
  }

  /**
   * Shutdown: tell every client we are going away, give the close handshake a moment, then cut
   * whatever is left so closing the server never waits on a slow client.
   */
  async closeAll(graceMs = 1_000): Promise<void> {
    this.closing = true;
    const sockets = [...this.clients.keys()];
    if (sockets.length > 0) this.log.info({ count: sockets.length }, 'closing live-data sockets');
    await Promise.all(sockets.map((socket) => closeWithin(socket, graceMs)));
  }
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function closeWithin(socket: WebSocket, graceMs: number): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.terminate();
      resolve();
    }, graceMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.close(CloseCode.GoingAway, 'server shutting down');
  });
}
