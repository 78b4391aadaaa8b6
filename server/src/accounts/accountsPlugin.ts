import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { type AccountServices, type AccountServicesOptions, createAccountServices } from './accountServices';
import type { AccountsConfig } from './accountsConfig';
import { installAuth } from './authPlugin';
import { captchaRoutes } from './captcha/captchaRoutes';
import { installCsrfProtection } from './csrf';
import { userRoutes } from './routes';
import { startHousekeeping } from './sessions/housekeeping';

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts' services (config, clock, SMS, captcha, upload store) other domains build on. */
    accounts: AccountServices;
  }
}

export interface AccountsPluginOptions {
  db: Kysely<Database>;
  /** Local state: secrets, the SMS outbox, uploads. */
  dataDir: string;
  config?: AccountsConfig;
  /** Replacements for tests: a manual clock, another SMS provider or captcha. */
  overrides?: AccountServicesOptions['overrides'];
}

/**
 * The accounts domain: who someone is. Decorates `app.accounts`, `app.requireLogin` and
 * `request.session`; guards cookie sessions against cross-site requests; serves `api/user/*`
 * (codes, registration, login, password reset, info, avatars) and `api/captcha/*`; purges
 * expired account rows in the background.
 */
async function accounts(app: App, options: AccountsPluginOptions): Promise<void> {
  const services = await createAccountServices({ db: options.db, dataDir: options.dataDir, log: app.log, config: options.config, overrides: options.overrides });
  app.decorate('accounts', services);
  installAuth(app, options.db, services.clock);
  installCsrfProtection(app, services.clock);
  const housekeeping = startHousekeeping(options.db, services.clock, (error) => app.log.warn({ err: error }, 'account housekeeping failed'));
  app.addHook('onClose', async () => housekeeping.stop());
  await app.register(userRoutes, { db: options.db, services });
  await app.register(captchaRoutes, { captcha: services.captcha });
}

export const accountsPlugin = fp(accounts, { name: 'accounts', dependencies: ['@fastify/cookie'] });
