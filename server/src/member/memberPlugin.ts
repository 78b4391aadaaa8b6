import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { memberRoutes } from './routes';

/**
 * The member domain: the signed-in member's own calls, `api/Member/*` and the member centre's
 * `api/User/*` lists. Builds on the accounts (sessions), the live rooms (follows, broadcast
 * records, presence) and the uploads (avatars).
 */
async function member(app: App, options: { db: Kysely<Database> }): Promise<void> {
  await app.register(memberRoutes, { db: options.db, services: app.accounts });
}

export const memberPlugin = fp(member, {
  name: 'member',
  dependencies: ['accounts', 'live', 'uploads'],
  decorators: { fastify: ['accounts', 'requireLogin', 'roomPresence'] },
});
