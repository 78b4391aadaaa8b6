import type { Socket } from 'node:net';
import { SocketCloseCode } from '@sports/shared/server';
import { WebSocket } from 'ws';

/** How long a closing slow consumer gets for the close handshake before the connection is cut. */
export const SLOW_CLOSE_GRACE_MS = 1_000;

/**
 * One accepted WebSocket, written to as the kit writes: complete frames (textFrame.ts, built once
 * per broadcast) go straight to the TCP socket ws holds, so one buffer is written to many sockets
 * with no per-client framing or copy. A client that stops reading (unsent data over
 * `maxBufferedBytes`) is closed as a slow consumer instead of growing the server's memory.
 */
export class SocketClient {
  private readonly raw: Socket | undefined;
  /** Set once the kit decided to close (slow consumer): nothing more is written. */
  private cut = false;

  constructor(
    readonly socket: WebSocket,
    protected readonly maxBufferedBytes: number,
  ) {
    // ws keeps the TCP socket in `_socket`; frames are written there as they are.
    this.raw = (socket as unknown as { _socket?: Socket })._socket;
  }

  /** Writes a complete frame; a client whose unsent data passed the bound is closed instead. */
  write(frame: Buffer): void {
    if (this.cut || this.socket.readyState !== WebSocket.OPEN || this.raw === undefined) return;
    if (this.raw.writableLength > this.maxBufferedBytes) {
      this.closeSlow();
      return;
    }
    this.raw.write(frame);
  }

  /** Bytes written but not yet taken by the network (what the slow-consumer bound applies to). */
  get bufferedBytes(): number {
    return this.raw?.writableLength ?? 0;
  }

  /** Closes as a slow consumer (once): the close frame queues behind the backlog, so it is not waited for long. */
  closeSlow(): void {
    if (this.cut) return;
    this.cut = true;
    this.socket.close(SocketCloseCode.SlowConsumer, 'slow consumer');
    setTimeout(() => this.socket.terminate(), SLOW_CLOSE_GRACE_MS).unref();
  }
}

/**
 * Closes with `code` and waits for the close handshake at most `graceMs`, then cuts the
 * connection: shutting a server down never waits on a slow client.
 */
export function closeWithin(socket: WebSocket, graceMs: number, code: number = SocketCloseCode.GoingAway, reason = 'server shutting down'): Promise<void> {
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
    socket.close(code, reason);
  });
}
