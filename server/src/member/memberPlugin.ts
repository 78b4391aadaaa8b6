import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { anchorApplicationsOpsRoutes } from './anchorApplicationsOps';
import { type IdCipher, loadIdCipher } from './idCipher';
import { memberCentreRoutes } from './memberCentreRoutes';
import { type MemberConfig, defaultMemberConfig } from './memberConfig';
import { type RealNameVerifier, checksumVerifier } from './realNameVerifier';
import { memberRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The member domain's cipher of sensitive data at rest (idCipher.ts); the wallet encrypts payout accounts with it. */
    memberCipher: IdCipher;
  }
}

/** What buildApp takes for the member domain (main.ts: config.member). */
export interface MemberOptions {
  /** MEMBER_ID_KEY (memberConfig.ts); default: a key generated into DATA_DIR. */
  config?: MemberConfig;
  /** The real-name check; default the embedded checksum verifier (realNameVerifier.ts). */
  realNameVerifier?: RealNameVerifier;
}

export interface MemberPluginOptions extends MemberOptions {
  db: Kysely<Database>;
  /** Local state: the generated member ID key. */
  dataDir: string;
  /** The ops token: guards `api/ops/anchorApplications`. */
  opsToken: string;
}

/**
 * The member domain: the signed-in member's own calls, `api/Member/*` and the member centre's
 * `api/User/*` calls, and the ops review of anchor applications. Builds on the accounts
 * (sessions, clock), the live rooms (follows, broadcast records, presence, an approved anchor's
 * room) and the uploads (avatars).
 */
async function member(app: App, options: MemberPluginOptions): Promise<void> {
  const config = options.config ?? defaultMemberConfig();
  const cipher = await loadIdCipher(config.idKey, options.dataDir);
  const clock = app.accounts.clock;
  app.decorate('memberCipher', cipher);
  await app.register(memberRoutes, { db: options.db, services: app.accounts });
  await app.register(memberCentreRoutes, { db: options.db, cipher, verifier: options.realNameVerifier ?? checksumVerifier, clock });
  await app.register(anchorApplicationsOpsRoutes, { db: options.db, cipher, opsToken: options.opsToken, clock });
}

export const memberPlugin = fp(member, {
  name: 'member',
  dependencies: ['accounts', 'live', 'moderation'],
  decorators: { fastify: ['accounts', 'requireLogin', 'roomPresence', 'moderation'] },
});
