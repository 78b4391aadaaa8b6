import type { Kysely } from 'kysely';
import { passwordWork } from '../accounts/index';
import { Counter, Gauge, type Registry } from 'prom-client';
import { poolOf } from '../infra/db/database';
import type { Database } from '../infra/db/schema';
import type { LiveFeed } from '../scores/index';
import type { App } from '../infra/http/types';
import { type IngestStreamStats, registerArchiveMetrics } from '../live/index';
import { IngestBitrates } from './ingestBitrate';

/** The two socket kinds (label `kind`): /ws/live-data and /ws/chat. */
type SocketKind = 'live-data' | 'chat';

/**
 * Figures read from the running parts when Prometheus scrapes (prom-client calls each metric's
 * collect()), so nothing on the hot paths pays for them: the hubs, the feed, the ingest and the
 * pg pool keep plain numbers and these read them.
 * - sockets open and messages fanned out, per socket kind (live-data counts the fan-out workers' sockets too);
 * - ingest streams publishing and the bitrate each one arrives at (embedded ingest only);
 * - the feed: whether this node leads it, and seconds since it stored its last batch (only with a feed);
 * - the PostgreSQL pool: connections open, idle, queries waiting for one, and its size;
 * - password hashing (argon2) done, by kind.
 */
export function registerRuntimeMetrics(app: App, registry: Registry, db: Kysely<Database>): void {
  const registers = [registry];

  new Gauge({
    name: 'sports_sockets_open',
    help: 'WebSocket connections open on this node, by socket kind',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      this.set({ kind: 'live-data' }, await liveDataSockets(app));
      this.set({ kind: 'chat' }, app.chatHub.connectionCount);
    },
  });

  new Counter({
    name: 'sports_password_work_total',
    help: 'argon2 runs on this node since it started: hash (a password set or reset), verify (a login); the costly part of accounts, a rise is abuse',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ kind: 'hash' }, passwordWork.hashes);
      this.inc({ kind: 'verify' }, passwordWork.verifies);
    },
  });

  new Counter({
    name: 'sports_socket_messages_fanned_out_total',
    help: 'Messages handed to the socket fan-out on this node (each once, however many sockets receive it), by socket kind',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const totals: Record<SocketKind, number> = {
        'live-data': app.liveDataHub.messagesFannedOut,
        chat: app.chatHub.messagesFannedOut,
      };
      // The hubs keep the running totals; the counter shows them as they are.
      this.reset();
      for (const [kind, total] of Object.entries(totals)) this.inc({ kind }, total);
    },
  });

  // Clips cut, failures, cut latency, bytes written (clips/clipMetrics.ts).
  for (const metric of app.clips.metrics.all()) registry.registerMetric(metric);

  // With an external media server the ingest is not ours to count: no ingest series at all.
  if (app.ingestStreams() !== null) registerIngestMetrics(registers, () => app.ingestStreams() ?? []);
  // The media archive: bytes stored, segments archived, failures (live/media/archive/archiveMetrics.ts).
  registerArchiveMetrics(registry, app.mediaArchive);
  // Without a feed (FEED=off, tests) there is no lag to report rather than a made-up one.
  if (app.liveFeed !== null) registerFeedMetrics(registers, app.liveFeed);

  const pool = poolOf(db);
  if (pool !== undefined) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge('sports_db_pool_connections', 'PostgreSQL connections the pool holds open (busy and idle)', () => pool.totalCount);
    poolGauge('sports_db_pool_idle_connections', 'PostgreSQL connections open and idle in the pool', () => pool.idleCount);
    poolGauge('sports_db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL connection (above 0 for long: the pool is too small or the database slow)', () => pool.waitingCount);
    poolGauge('sports_db_pool_max_connections', 'The most connections the PostgreSQL pool opens', () => pool.options.max ?? 10);
  }
}

function registerIngestMetrics(registers: Registry[], streams: () => IngestStreamStats[]): void {
  const bitrates = new IngestBitrates();
  new Gauge({
    name: 'sports_ingest_streams_live',
    help: 'Video streams the embedded RTMP ingest receives now',
    registers,
    collect() {
      this.set(streams().length);
    },
  });
  new Gauge({
    name: 'sports_ingest_stream_bitrate_bits_per_second',
    help: 'Bits per second arriving from each publishing encoder since the previous scrape, by room id',
    labelNames: ['room'] as const,
    registers,
    collect() {
      // Streams that ended since the last scrape disappear (their series end).
      this.reset();
      for (const [roomId, rate] of bitrates.sample(streams(), Date.now())) this.set({ room: String(roomId) }, rate);
    },
  });
}

function registerFeedMetrics(registers: Registry[], feed: LiveFeed): void {
  new Gauge({
    name: 'sports_feed_leading',
    help: 'Whether this node runs the match feed (1) or another node does (0)',
    registers,
    collect() {
      this.set(feed.isLeading ? 1 : 0);
    },
  });
  new Gauge({
    name: 'sports_feed_lag_seconds',
    help: "Seconds since this node's match feed last stored a batch; NaN while another node leads or before the first batch",
    registers,
    collect() {
      this.set(feed.isLeading && feed.lastBatchStoredAt !== null ? (Date.now() - feed.lastBatchStoredAt) / 1000 : Number.NaN);
    },
  });
}

/** This process's live-data sockets, plus the fan-out workers' (LIVE_WORKERS > 0) when they answer. */
async function liveDataSockets(app: App): Promise<number> {
  let open = app.liveDataHub.clients.size;
  if (app.liveWorkers !== null) {
    for (const worker of await app.liveWorkers.stats()) open += worker.clients;
  }
  return open;
}
