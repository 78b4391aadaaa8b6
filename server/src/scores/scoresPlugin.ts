import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { type LiveOptions, setUpLiveData } from './feed/liveSetup';
import { hotMatchRoutes } from './hotMatchRoutes';
import type { LiveDataHubOptions } from './liveData/liveDataHub';
import { liveDataRoutes } from './liveData/liveDataRoutes';
import { scoresRoutes } from './routes';
import { knowledgeRoutes } from './knowledge/knowledgeRoutes';
import { matchCentreRoutes } from './matchCentre/centreRoutes';

export interface ScoresPluginOptions {
  db: Kysely<Database>;
  /** The live-data socket's limits (config LIVE_DATA_*). */
  liveData?: Omit<LiveDataHubOptions, 'log'>;
  /** The feed, Redis fan-out, fan-out workers (scores/feed/liveSetup.ts); default none. */
  live?: LiveOptions;
  /** "Today" of the schedule (tests move it with the feed's clock). */
  clock?: Clock;
}

/**
 * The scores domain: the match feed, the live-data socket `/ws/live-data` (decorates
 * `app.liveDataHub`, `app.liveFeed`, `app.liveWorkers`), and the calls `api/scores/*`,
 * `api/hot_match/*`, `api/Football/*`, `api/Basketballuser/*`, the knowledge bases `api/base/*` (knowledge/), and
 * the match centre `api/Football/lineups…`, `api/Basketball/*`, `api/Player/info`, `api/Team/info` (matchCentre/).
 */
async function scores(app: App, options: ScoresPluginOptions): Promise<void> {
  const hub = await setUpLiveData(app, options.db, options.liveData, options.live);
  await app.register(liveDataRoutes, { hub });
  await app.register(hotMatchRoutes, { db: options.db, clock: options.clock ?? systemClock });
  await app.register(scoresRoutes, { db: options.db });
  await app.register(knowledgeRoutes, { db: options.db });
  await app.register(matchCentreRoutes, { db: options.db });
}

export const scoresPlugin = fp(scores, { name: 'scores', dependencies: ['accounts', 'sockets'], decorators: { fastify: ['socketShutdowns', 'requireLogin'] } });
