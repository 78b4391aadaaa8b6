/**
 * Entry point (`tsx src/main.ts`): config -> database (embedded unless DATABASE_URL) ->
 * migrations -> demo seed -> listen. SIGINT/SIGTERM stop everything in order and exit 0.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { publishLocalBuilds } from './rollouts/bootstrapReleases';
import { createReleasesSetup } from './rollouts/rolloutsPlugin';
import { type AppConfig, loadConfig } from './config';
import { createServerLogger } from './infra/http/logRedaction';
import { migrateToLatest } from './infra/db/migrations/migrate';
import { openDatabase } from './infra/db/openDatabase';
import { seedDemoData } from './seedDemoData';
import { keepDemoRoomsOnMatches, seedDemoRooms } from './live/seedDemoRooms';
import { seedDemoPosts } from './community/index';
import { type RunningParts, shutdown } from './lifecycle';
import { startupHint } from './startupErrors';

/** If stopping takes longer than this, something hangs: exit anyway, with a failure code. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(startupHint(error, { port: 8080, host: '127.0.0.1' }));
    process.exit(1);
  }
  const log: FastifyBaseLogger = createServerLogger(config.logLevel);
  const parts: RunningParts = { log };
  // Installed first, so a signal during start-up also stops what has started so far.
  installSignalHandlers(parts);

  try {
    const { database, embedded } = await openDatabase(config, log);
    parts.database = database;
    parts.embedded = embedded;
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    // Demo anchors and rooms (issue 5) only on local sites: production has real anchors.
    if (config.nodeEnv !== 'production') await seedDemoRooms(database.db);
    // Demo posts of those anchors (issue 14), so the circle is not empty.
    if (config.nodeEnv !== 'production') await seedDemoPosts(database.db);
    const releases = await createReleasesSetup(config);
    await publishLocalBuilds({ db: database.db, ...releases }, { siteRoot: config.siteRoot, makeStable: config.mf.promoteLocalBuilds, log });
    const app = await buildApp({
      db: database.db,
      siteRoot: config.siteRoot,
      logger: log,
      dataDir: config.dataDir,
      accountsConfig: config.accounts,
      releases,
      compression: config.compression,
      http: config.http,
      // Production keeps the maps on disk for error reports and never serves them.
      serveSourceMaps: config.nodeEnv !== 'production',
      media: config.media,
      liveData: { controlFrames: config.liveDataControlFrames },
      live: {
        feed: config.feed.provider === 'demo' ? { seed: config.feed.seed, speed: config.feed.speed } : null,
        redisUrl: config.redisUrl,
        // The fan-out workers read missed goals from the same database (the embedded one's address when no DATABASE_URL).
        workers: { count: config.liveWorkers, databaseUrl: config.databaseUrl ?? embedded?.url ?? null },
      },
      chat: { config: config.chat },
      download: config.download,
      clips: config.clips,
      alerts: config.alerts,
      member: { config: config.member },
      levels: config.levels,
      fanMedals: config.fanMedals,
      wallet: { config: config.wallet },
      points: config.points,
      redPackets: config.redPackets,
      lotteries: config.lotteries,
      predictions: config.predictions,
      observability: config.observability,
    });
    parts.app = app;
    await app.listen({ port: config.port, host: config.host });
    // Demo rooms show matches of the feed (score-live rooms with a score bar); the timer does not hold the process.
    if (config.nodeEnv !== 'production') keepDemoRoomsOnMatches(database.db, log);
    const { port } = app.server.address() as AddressInfo;
    log.info(`ready: http://${displayHost(config.host)}:${port}/web/`);
  } catch (error) {
    log.error(startupHint(error, { port: config.port, host: config.host }));
    log.debug({ err: error }, 'start-up failure details');
    await shutdown(parts);
    process.exit(1);
  }
}

function installSignalHandlers(parts: RunningParts): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      parts.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    parts.log.info(`${signal} received: shutting down`);
    setTimeout(() => {
      parts.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Explicit exit: nothing left behind (timers of libraries) can keep the process alive.
    void shutdown(parts).then((clean) => process.exit(clean ? 0 : 1));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** 0.0.0.0 / :: are not addresses a browser can open; show the loopback address instead. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

void main();
