import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { recommendRoutes } from './recommendRoutes';

export interface RecommendPluginOptions {
  db: Kysely<Database>;
}

/**
 * Recommendations (issue 39 part 4; recommend/README.md): `api/Recommend/rooms` (the home page's
 * 为你推荐 row) and `api/Recommend/follows` (the empty pages' suggestions). Reads the live rooms,
 * their presence, follows (anchors: live; teams and leagues: follows' member_follow) and the watch
 * history; writes nothing.
 */
async function recommend(app: App, options: RecommendPluginOptions): Promise<void> {
  await app.register(recommendRoutes, { db: options.db, clock: app.accounts.clock });
}

export const recommendPlugin = fp(recommend, {
  name: 'recommend',
  dependencies: ['accounts', 'live'],
  decorators: { fastify: ['requireLogin', 'roomPresence', 'accounts'] },
});
