/**
 * Close codes of the server's WebSocket sockets, one table for both: the live-data socket
 * (`/ws/live-data`, SPEC.md section 4) and the built-in chat (`/ws/chat`). Clients reconnect after
 * any of them except SessionEnded (the chat's signature died with the site session).
 */
export const SocketCloseCode = {
  /** Server shutting down: reconnect later. */
  GoingAway: 1001,
  /** Too many invalid frames, control frames too fast, or a frame far over the bound. */
  PolicyViolation: 1008,
  /** Nothing heard (not even a heartbeat or ping) for the socket's idle timeout. */
  IdleTimeout: 4000,
  /** The client did not read what it was sent (its send backlog passed the bound). */
  SlowConsumer: 4001,
  /**
   * Chat only: the member's site session ended (sign-out, password reset, expiry): the userSig it
   * was issued for is dead too. Not worth a reconnect with the same signature.
   */
  SessionEnded: 4003,
} as const;

export type SocketCloseCodeValue = (typeof SocketCloseCode)[keyof typeof SocketCloseCode];
