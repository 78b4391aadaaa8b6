import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { activitiesOpsRoutes, activitiesRoutes } from './activitiesRoutes';

export interface ActivitiesPluginOptions {
  db: Kysely<Database>;
  /** The ops token: guards `api/ops/activities`. */
  opsToken: string;
}

/**
 * The activities domain: the activity banners the page shows (`api/Activity_Config/*`) and
 * their management by ops (`api/ops/activities`). Reads the accounts' clock.
 */
async function activities(app: App, options: ActivitiesPluginOptions): Promise<void> {
  const clock = app.accounts.clock;
  await app.register(activitiesRoutes, { db: options.db, clock });
  await app.register(activitiesOpsRoutes, { db: options.db, clock, opsToken: options.opsToken });
}

export const activitiesPlugin = fp(activities, {
  name: 'activities',
  dependencies: ['accounts'],
  decorators: { fastify: ['accounts'] },
});
