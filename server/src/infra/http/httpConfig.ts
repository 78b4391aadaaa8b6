import { type ReadVar, parseInteger } from '../config/envVars';

/**
 * How long one client may hold the server's sockets and how many it may hold
 * (plugins/connectionLimits.ts, the timeouts in app.ts). Times are in milliseconds here; the
 * environment gives seconds.
 */
export interface HttpLimitsConfig {
  /** The request line and headers must arrive within this (a silent or trickling connection is closed with 408). */
  headersTimeoutMs: number;
  /** The whole request, body included (a slow upload of 2 MiB on a poor mobile line still fits). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** An HTTP socket with no traffic either way (a client that stops reading an answer). Not WebSockets: they have their own heartbeats. */
  idleTimeoutMs: number;
  /** Open TCP connections (HTTP, keep-alive, WebSocket, video) from one address (an IPv6 /64). */
  maxConnectionsPerAddress: number;
  /** Open WebSockets (/ws/chat, /ws/live-data) from one address: a tab holds one or two. */
  maxWebSocketsPerAddress: number;
}

/**
 * Several people behind one NAT (an office, a school, a mobile carrier's CGNAT) share an
 * address, so the caps leave room for them: a browser holds about 6 HTTP connections per site
 * and a tab 1-2 sockets. One attacker's thousands of sockets are what they stop.
 */
export function defaultHttpLimitsConfig(): HttpLimitsConfig {
  return {
    headersTimeoutMs: 15_000,
    requestTimeoutMs: 60_000,
    keepAliveTimeoutMs: 10_000,
    idleTimeoutMs: 120_000,
    maxConnectionsPerAddress: 128,
    maxWebSocketsPerAddress: 64,
  };
}

/** HTTP_* variables; each bad one is added to `problems` (config.ts reports them all at once). */
export function loadHttpLimitsConfig(read: ReadVar, problems: string[]): HttpLimitsConfig {
  const defaults = defaultHttpLimitsConfig();
  const seconds = (name: string, fallbackMs: number, maxSeconds: number) =>
    parseInteger(name, read(name), { fallback: fallbackMs / 1000, min: 1, max: maxSeconds }, problems) * 1000;
  const count = (name: string, fallback: number) => parseInteger(name, read(name), { fallback, min: 1, max: 1_000_000 }, problems);
  const config: HttpLimitsConfig = {
    headersTimeoutMs: seconds('HTTP_HEADERS_TIMEOUT_SECONDS', defaults.headersTimeoutMs, 600),
    requestTimeoutMs: seconds('HTTP_REQUEST_TIMEOUT_SECONDS', defaults.requestTimeoutMs, 3600),
    keepAliveTimeoutMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', defaults.keepAliveTimeoutMs, 600),
    idleTimeoutMs: seconds('HTTP_IDLE_TIMEOUT_SECONDS', defaults.idleTimeoutMs, 3600),
    maxConnectionsPerAddress: count('HTTP_MAX_CONNECTIONS_PER_ADDRESS', defaults.maxConnectionsPerAddress),
    maxWebSocketsPerAddress: count('HTTP_MAX_WEBSOCKETS_PER_ADDRESS', defaults.maxWebSocketsPerAddress),
  };
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_SECONDS (${config.headersTimeoutMs / 1000}) must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (${config.requestTimeoutMs / 1000})`,
    );
  }
  return config;
}
