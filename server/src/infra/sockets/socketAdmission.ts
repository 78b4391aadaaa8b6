import { SocketCloseCode } from '@sports/shared/server';
import type { WebSocket } from 'ws';

export interface AdmittedSocket {
  /** Every frame, in order; any frame (even one that is then rejected) proves the client alive. */
  onMessage(data: Buffer, isBinary: boolean): void;
  /** The connection closed (whoever closed it); the idle timer is stopped already. */
  onClose(): void;
}

/**
 * Accepts a socket into a hub: a server that is closing answers GoingAway at once (returns
 * false); otherwise the socket gets an idle timer (closed with IdleTimeout after `idleTimeoutMs`
 * without a frame) and the hub's handlers.
 */
export function admitSocket(socket: WebSocket, closing: boolean, idleTimeoutMs: number, handlers: AdmittedSocket): boolean {
  if (closing) {
    socket.close(SocketCloseCode.GoingAway, 'server shutting down');
    return false;
  }
  const idleTimer = setTimeout(() => socket.close(SocketCloseCode.IdleTimeout, 'idle timeout'), idleTimeoutMs);
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    idleTimer.refresh();
    handlers.onMessage(data, isBinary);
  });
  socket.on('close', () => {
    clearTimeout(idleTimer);
    handlers.onClose();
  });
  return true;
}

/**
 * Counts a connection's rejected frames. `reject()` is true exactly once, on the frame that
 * reaches the limit: the caller closes the socket then (closeForBadFrames), and frames already on
 * the wire after it do not close or log again.
 */
export class BadFrameCounter {
  count = 0;

  constructor(private readonly max: number) {}

  reject(): boolean {
    this.count += 1;
    return this.count === Math.max(1, this.max);
  }
}

/** The close for a client over its bad-frame limit (or otherwise breaking the rules). */
export function closeForPolicy(socket: WebSocket, reason: string): void {
  socket.close(SocketCloseCode.PolicyViolation, reason);
}
