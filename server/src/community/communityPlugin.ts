import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { postRoutes } from './posts/postRoutes';

export interface CommunityPluginOptions {
  db: Kysely<Database>;
}

/**
 * The community domain (community/README.md): members' posts, comments and likes
 * (`api/anchor_dynamics*`, community/posts/). Reads the accounts' sessions and clock and the
 * upload store (images are the member's own uploads).
 */
async function community(app: App, options: CommunityPluginOptions): Promise<void> {
  await app.register(postRoutes, { db: options.db, accounts: app.accounts });
}

export const communityPlugin = fp(community, {
  name: 'community',
  dependencies: ['accounts', 'uploads'],
  decorators: { fastify: ['accounts', 'requireLogin'] },
});
