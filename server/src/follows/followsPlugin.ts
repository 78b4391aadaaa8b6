import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { followRoutes } from './followRoutes';
import { FollowService } from './followService';

export interface FollowsPluginOptions {
  db: Kysely<Database>;
}

/** Follows of teams, leagues and players (关注, issue 39 part 1; follows/README.md): `api/Follow/*`. */
async function follows(app: App, options: FollowsPluginOptions): Promise<void> {
  await app.register(followRoutes, { service: new FollowService(options.db) });
}

export const followsPlugin = fp(follows, {
  name: 'follows',
  dependencies: ['accounts'],
  decorators: { fastify: ['requireLogin'] },
});
