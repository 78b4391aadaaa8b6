import type { FastifyBaseLogger } from 'fastify';
import type { OriginDirectory } from './originDirectory';
import { RELAY_HEADER } from './relayHeader';

/** What the origin answered, as this node passes it on. */
export interface ProxiedFile {
  status: number;
  body: Buffer;
  contentType: string | null;
  cacheControl: string | null;
  etag: string | null;
}

export interface HlsProxyOptions {
  origins: OriginDirectory;
  relaySignature: (stream: string) => string;
  log: FastifyBaseLogger;
  /** The origin must answer whole within this (a gone or stuck origin is a quick error, not a hang). */
  timeoutMs?: number;
  /** Immutable segments kept on this node, most recently used first out last. */
  cacheBytes?: number;
  /** How long the origin may hold a blocking playlist request (blockingPlaylist.ts), added to timeoutMs. */
  blockingHoldMs?: number;
}

/** The origin could not be reached or did not answer in time. */
export class OriginUnreachable extends Error {}

/**
 * HLS of rooms pushed to other nodes: playlists and segments are fetched from the origin (with
 * RELAY_HEADER, so the origin never proxies in turn). A response the origin marks `immutable` (a
 * segment: its URL names the publish, httpCaching.ts) is kept in a bounded in-memory cache keyed by
 * the origin node, so each segment crosses between nodes once however many viewers ask; requests
 * for one file that arrive while it is fetched share that fetch. Playlists are never kept.
 */
export class HlsProxy {
  private readonly cache = new Map<string, ProxiedFile>();
  private cachedBytes = 0;
  private readonly fetching = new Map<string, Promise<ProxiedFile>>();
  private readonly timeoutMs: number;
  private readonly cacheBytes: number;

  constructor(private readonly options: HlsProxyOptions) {
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.cacheBytes = options.cacheBytes ?? 64 << 20;
  }

  /**
   * The file from the room's origin; null when no other node holds the room's push. `msn`: a
   * blocking playlist request (blockingPlaylist.ts), passed on to the origin, which holds it.
   */
  async get(roomId: number, stream: string, file: string, msn?: number): Promise<ProxiedFile | null> {
    const origin = await this.options.origins.remoteOriginOf(roomId);
    if (origin === null) return null;
    const query = msn === undefined ? '' : `?_HLS_msn=${msn}`;
    const key = `${origin.nodeId}/${stream}/${file}${query}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    let fetching = this.fetching.get(key);
    if (fetching === undefined) {
      // A held request takes up to the hold before the origin answers.
      const timeoutMs = msn === undefined ? this.timeoutMs : this.timeoutMs + (this.options.blockingHoldMs ?? 0);
      fetching = this.fetchFrom(`${origin.internalUrl}/live/${stream}/${file}${query}`, stream, timeoutMs).finally(() => this.fetching.delete(key));
      this.fetching.set(key, fetching);
    }
    try {
      const answer = await fetching;
      if (answer.status === 200 && answer.cacheControl?.includes('immutable') === true) this.keep(key, answer);
      return answer;
    } catch (error) {
      this.options.origins.forget(roomId);
      throw error;
    }
  }

  private async fetchFrom(url: string, stream: string, timeoutMs: number): Promise<ProxiedFile> {
    try {
      const response = await fetch(url, { headers: { [RELAY_HEADER]: this.options.relaySignature(stream) }, signal: AbortSignal.timeout(timeoutMs) });
      const body = Buffer.from(await response.arrayBuffer());
      const header = (name: string) => response.headers.get(name);
      return { status: response.status, body, contentType: header('content-type'), cacheControl: header('cache-control'), etag: header('etag') };
    } catch (error) {
      this.options.log.warn({ url, err: error }, 'HLS from the origin failed');
      throw new OriginUnreachable(error instanceof Error ? error.message : String(error));
    }
  }

  private keep(key: string, file: ProxiedFile): void {
    if (this.cache.has(key) || file.body.length > this.cacheBytes) return;
    this.cache.set(key, file);
    this.cachedBytes += file.body.length;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= entry.body.length;
    }
  }
}
