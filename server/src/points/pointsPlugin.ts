import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { PointsEarnings } from './earnings';
import { type PointsConfig, defaultPointsConfig } from './pointsConfig';
import { pointsRoutes } from './pointsRoutes';
import { PeriodicTask } from '../infra/periodicTask';

declare module 'fastify' {
  interface FastifyInstance {
    /** Points (积分): the earnings (chat messages, watch time) and the watch timer (tests tick it by hand). */
    points: { earnings: PointsEarnings; watchTimer: PeriodicTask };
  }
}

export interface PointsPluginOptions {
  db: Kysely<Database>;
  config?: PointsConfig;
}

/**
 * The points domain (积分, issue 35; README.md): the daily check-in, points for watching and
 * chatting (from the chat's `app.chatActivity`: the chat is below and never knows points), the
 * member's balance, tasks and history (`api/Points/*`). Balances are ledger accounts of their own
 * unit (wallet/ledger.ts).
 */
async function points(app: App, options: PointsPluginOptions): Promise<void> {
  const config = options.config ?? defaultPointsConfig();
  const clock = app.accounts.clock;
  const earnings = new PointsEarnings(options.db, config, app.log);
  app.chatActivity.onMemberMessage((memberId) => {
    earnings.chatMessage(memberId, clock()).catch((error: unknown) => app.log.warn({ err: error, memberId }, 'points: awarding a chat message failed'));
  });
  // Every POINTS_WATCH_TICK_SECONDS: who is watching on this node (the chat's presence), reported to the earnings (earnings.ts counts the time).
  const watchTimer = new PeriodicTask({
    everyMs: earnings.watchTickMs,
    log: app.log,
    failureMessage: 'points: counting watch time failed',
    work: async () => {
      const watching = (await app.chatActivity.watchingByRoom()).flatMap((room) => room.memberIds);
      return watching.length === 0 ? [] : earnings.watchTick(watching, clock());
    },
  });
  app.addHook('onClose', async () => {
    await watchTimer.stop();
  });
  app.decorate('points', { earnings, watchTimer });
  await app.register(pointsRoutes, { db: options.db, config, clock });
}

export const pointsPlugin = fp(points, {
  name: 'points',
  dependencies: ['accounts', 'chat'],
  decorators: { fastify: ['accounts', 'requireLogin', 'chatActivity'] },
});
