import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';
import { createLiveHistory } from '../liveHistory';
import { LiveDataHub, type LiveDataHubOptions } from '../liveData/liveDataHub';
import { routeLiveDataUpgrades } from '../liveData/liveUpgrade';
import { LiveWorkerPool } from '../liveData/liveWorkerPool';
import { RedisBus } from '../liveData/redisBus';
import { WS_MAX_PAYLOAD_BYTES } from '../../infra/sockets/webSocketPlugin';
import { LiveFeed, type LiveFeedOptions } from './liveFeed';
import { MatchResults } from './matchResults';

export interface LiveOptions {
  /** The demo feed on this node (main.ts: from FEED_*); null/absent: no feed (tests opt in). */
  feed?: LiveFeedOptions | null;
  /** REDIS_URL: fan-out between nodes; null/absent: this process only. */
  redisUrl?: string | null;
  /** Redis channel (tests use their own so parallel runs do not mix). */
  redisChannel?: string;
  /**
   * LIVE_WORKERS: the live-data sockets are served by this many fan-out worker processes
   * (realtime/liveWorker.ts), which read missed goals from `databaseUrl`; absent or 0: by this process.
   */
  workers?: { count: number; databaseUrl: string | null } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveDataHub: LiveDataHub;
    /** The feed when this app was given one (it runs only while this node leads). */
    liveFeed: LiveFeed | null;
    /** The fan-out workers when LIVE_WORKERS > 0, else null. */
    liveWorkers: LiveWorkerPool | null;
    /** The feed's full-time event, on the node that runs the feed (matchResults.ts). */
    matchResults: MatchResults;
  }
}

/**
 * The live-data hub (with PostgreSQL history and the Redis bus when configured) and the feed,
 * decorated on the app. On close the feed stops first (nothing more is published), then the
 * sockets close (one of app.socketShutdowns, run before @fastify/websocket closes what is left).
 */
export async function setUpLiveData(app: App, db: Kysely<Database>, hubOptions: Omit<LiveDataHubOptions, 'log'> = {}, options: LiveOptions = {}): Promise<LiveDataHub> {
  const bus = options.redisUrl ? new RedisBus({ url: options.redisUrl, channel: options.redisChannel, log: app.log }) : undefined;
  let workers: LiveWorkerPool | null = null;
  // With workers this hub serves no socket itself (only upgrades no worker can take): it keeps the
  // rings, the snapshot cache and the numbering, and relays every delivery to the workers.
  const hub = new LiveDataHub({ history: createLiveHistory(db), bus, ...hubOptions, relay: (message) => workers?.relay(message), log: app.log });
  const workerCount = options.workers?.count ?? 0;
  if (workerCount > 0) {
    const { idleTimeoutMs, maxBadFrames, controlFrames, ringSize, centreRingBytes, maxBufferedBytes, goalReplayLimit } = hubOptions;
    workers = new LiveWorkerPool({
      count: workerCount,
      databaseUrl: options.workers?.databaseUrl ?? null,
      hub: { idleTimeoutMs, maxBadFrames, controlFrames, ringSize, centreRingBytes, maxBufferedBytes, goalReplayLimit },
      maxPayloadBytes: WS_MAX_PAYLOAD_BYTES,
      recentMessages: () => hub.recentMessages(),
      log: app.log,
    });
  }
  const results = new MatchResults(app.log);
  const feed = options.feed ? new LiveFeed(db, hub, options.feed, app.log, (finished) => results.finished(finished)) : null;
  app.decorate('matchResults', results);
  app.decorate('liveDataHub', hub);
  app.decorate('liveFeed', feed);
  app.decorate('liveWorkers', workers);
  let upgrades: { refuse(): void } | null = null;
  app.socketShutdowns.add(async () => {
    upgrades?.refuse();
    await feed?.stop();
    await hub.closeAll();
    await workers?.close();
  });
  await hub.start();
  if (workers !== null) {
    await workers.start();
    const pool = workers;
    // By now @fastify/websocket listens for upgrades: live-data ones are taken before it sees them.
    app.addHook('onReady', async () => {
      upgrades = routeLiveDataUpgrades(app.server, pool);
    });
  }
  if (feed !== null) app.addHook('onReady', () => feed.start());
  return hub;
}
