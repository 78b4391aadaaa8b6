import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { App } from '../http/types';
import { createLiveHistory } from '../modules/scores/liveHistory';
import { LiveDataHub, type LiveDataHubOptions } from '../realtime/liveDataHub';
import { RedisBus } from '../realtime/redisBus';
import { LiveFeed, type LiveFeedOptions } from './liveFeed';

export interface LiveOptions {
  /** The demo feed on this node (main.ts: from FEED_*); null/absent: no feed (tests opt in). */
  feed?: LiveFeedOptions | null;
  /** REDIS_URL: fan-out between nodes; null/absent: this process only. */
  redisUrl?: string | null;
  /** Redis channel (tests use their own so parallel runs do not mix). */
  redisChannel?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveDataHub: LiveDataHub;
    /** The feed when this app was given one (it runs only while this node leads). */
    liveFeed: LiveFeed | null;
  }
}

/**
 * The live-data hub (with PostgreSQL history and the Redis bus when configured) and the feed,
 * decorated on the app. On close the feed stops first (nothing more is published), then the
 * sockets close. Must be registered before @fastify/websocket so its preClose runs first.
 */
export async function setUpLiveData(app: App, db: Kysely<Database>, hubOptions: Omit<LiveDataHubOptions, 'log'> = {}, options: LiveOptions = {}): Promise<LiveDataHub> {
  const bus = options.redisUrl ? new RedisBus({ url: options.redisUrl, channel: options.redisChannel, log: app.log }) : undefined;
  const hub = new LiveDataHub({ history: createLiveHistory(db), bus, ...hubOptions, log: app.log });
  const feed = options.feed ? new LiveFeed(db, hub, options.feed, app.log) : null;
  app.decorate('liveDataHub', hub);
  app.decorate('liveFeed', feed);
  app.addHook('preClose', async () => {
    await feed?.stop();
    await hub.closeAll();
  });
  await hub.start();
  if (feed !== null) app.addHook('onReady', () => feed.start());
  return hub;
}
