/**
 * The limits every socket of the kit runs with, under one set of names (the chat's and the live
 * data's hubs take these as options; each socket has its own defaults).
 */
export interface SocketLimits {
  /** Close a client that sent nothing (not even a heartbeat or ping) for this long (code IdleTimeout). */
  idleTimeoutMs: number;
  /** A client whose unsent data passes this is closed as a slow consumer (code SlowConsumer). */
  maxBufferedBytes: number;
  /** Close a client after this many rejected frames, a broken or hostile client (code PolicyViolation). */
  maxBadFrames: number;
}

/** The options as a hub takes them (each one optional) over the socket's defaults. */
export function resolveSocketLimits(options: Partial<SocketLimits>, defaults: SocketLimits): SocketLimits {
  return {
    idleTimeoutMs: options.idleTimeoutMs ?? defaults.idleTimeoutMs,
    maxBufferedBytes: options.maxBufferedBytes ?? defaults.maxBufferedBytes,
    maxBadFrames: options.maxBadFrames ?? defaults.maxBadFrames,
  };
}
