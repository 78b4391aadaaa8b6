import net from 'node:net';
import { type ReadVar, parseInteger } from '../config/envVars';

/**
 * Fastify's `trustProxy` (request.ip, request.protocol, request.host from X-Forwarded-*):
 * false (the default: the peer is the client), true (every proxy: only when nothing reaches the
 * server but the proxy), a hop count, or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

/**
 * What Fastify is given. A hop count becomes "the nearest n hops are proxies" (proxy-addr's hop
 * index, 0 = the peer): Fastify 5.12 reads a bare number as "trust nobody", since a count cannot
 * tell a proxy from a client that connects directly; so a count is only for servers nothing but
 * the proxies can reach (prefer the proxies' addresses).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

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
  /**
   * TRUST_PROXY: whom X-Forwarded-For / -Proto / -Host are believed from (app.ts passes it to
   * Fastify). Set only behind a proxy that overwrites those headers: otherwise any client names
   * its own address and walks past every per-address limit.
   */
  trustProxy: TrustProxy;
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
    trustProxy: false,
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
    trustProxy: parseTrustProxy(read('TRUST_PROXY'), problems),
  };
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_SECONDS (${config.headersTimeoutMs / 1000}) must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (${config.requestTimeoutMs / 1000})`,
    );
  }
  return config;
}

const TRUST_PROXY_FORMS = 'false, true, a hop count (1-10) or a comma-separated list of proxy addresses and CIDR ranges (10.0.0.0/8, ::1)';

/** TRUST_PROXY: `false` / `true`, a hop count, or addresses and CIDR ranges (checked one by one). */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
    problems.push(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${raw}"`);
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${raw}"${bad.length > 0 ? ` (not an address or range: ${bad.join(', ')})` : ''}`);
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || address === undefined) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
