import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { PeriodicTask } from '../infra/periodicTask';
import { FanMedalAwards, type MedalProgress } from './fanMedalAwards';
import { FanMedalChatLines } from './fanMedalChatLines';
import { fanMedalRoutes } from './fanMedalRoutes';
import { type FanMedalsConfig, defaultFanMedalsConfig } from './fanMedalsConfig';
import { FanMedalService } from './fanMedalService';
import { countWatchTick } from './fanMedalWatch';
import { WornMedals } from './wornMedals';

export interface FanMedalsPluginOptions {
  db: Kysely<Database>;
  config?: FanMedalsConfig;
}

/** What the app holds of the fan medals (tests tick the watch and flush the chat lines by hand). */
export interface FanMedalsPort {
  service: FanMedalService;
  awards: FanMedalAwards;
  worn: WornMedals;
  watch: PeriodicTask;
  chatLines: FanMedalChatLines;
}

declare module 'fastify' {
  interface FastifyInstance {
    fanMedals: FanMedalsPort;
  }
}

/** Worn medals are swept of expired entries this often. */
const SWEEP_MS = 60_000;

/**
 * The fan medals domain (粉丝勋章, issue 35; fanMedals/README.md): intimacy per member and anchor
 * (gifts and guards through the database's triggers, watch time and chat lines here), the worn
 * medal on every chat line (`app.chatHub.attachMedals`), the `api/FanMedal/*` routes.
 */
async function fanMedals(app: App, options: FanMedalsPluginOptions): Promise<void> {
  const config = options.config ?? defaultFanMedalsConfig();
  const clock = app.accounts.clock;
  const worn = new WornMedals(options.db, clock);
  const awards = new FanMedalAwards(options.db, config);
  const service = new FanMedalService(options.db, clock, config);
  const onProgress = (progress: MedalProgress[]) => {
    for (const row of progress) worn.progressed(row.memberId, row.anchorId, row.intimacy, row.lastInteractionAt.getTime());
  };
  const chatLines = new FanMedalChatLines(awards, clock, onProgress, app.log);
  const watch = new PeriodicTask({ everyMs: awards.watchTickMs, work: () => countWatchTick(app.chatActivity, awards, clock(), onProgress), log: app.log, failureMessage: 'fan medals: counting watch time failed' });
  app.chatHub.attachMedals({
    badgeOf: config.chatBadges ? (memberId, roomOwnerId) => worn.badgeOf(memberId, roomOwnerId) : () => null,
    lineSent: (memberId, roomOwnerId) => chatLines.lineSent(memberId, roomOwnerId),
    forget: (memberId) => worn.forget(memberId),
    renamed: (anchorId, name) => worn.renamed(anchorId, name),
  });
  const sweeper = setInterval(() => worn.sweep(), SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await watch.stop();
    await chatLines.stop();
  });
  app.decorate('fanMedals', { service, awards, worn, watch, chatLines });
  await app.register(fanMedalRoutes, { service, medalChanged: (change) => app.chatHub.medalChanged(change), allowed: (text) => app.moderation.check(text).ok });
}

export const fanMedalsPlugin = fp(fanMedals, {
  name: 'fanMedals',
  dependencies: ['accounts', 'chat', 'moderation'],
  decorators: { fastify: ['accounts', 'chatActivity', 'chatHub', 'moderation', 'requireLogin'] },
});
