import fastifyCookie from '@fastify/cookie';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LogLevel } from './config';
import type { Database } from './db/schema';
import { installErrorHandlers } from './http/errorHandler';
import type { RateLimiter } from './http/rateLimiter';
import type { App } from './http/types';
import { mfRoutes } from './modules/mf/routes';
import { type RemoteRegistry, createFileRemoteRegistry } from './modules/mf/remoteRegistry';
import { sportsRoutes } from './modules/sports/routes';
import { universalRoutes } from './modules/universal/routes';
import { userRoutes } from './modules/user/routes';
import { installAuth } from './plugins/auth';
import { healthPlugin } from './plugins/health';
import { staticSitePlugin } from './plugins/staticSite';
import { LiveDataHub, type LiveDataHubOptions } from './realtime/liveDataHub';
import { liveDataRoutes } from './realtime/liveDataRoutes';

/** API bodies are small JSON; anything larger is a mistake or an attack (answered 413). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;
/** ws drops a connection above this; the hub answers frames over 4 KiB with an error frame first. */
const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** Holds host/dist and mf-* /dist (and the remotes' package.json for their versions). */
  siteRoot: string;
  /** A ready logger (main.ts shares one with the database start-up); else one at `logLevel`. */
  logger?: FastifyBaseLogger;
  logLevel?: LogLevel;
  /** Which remote versions visitors get; default: the builds on disk. */
  remoteRegistry?: RemoteRegistry;
  telemetryLimiter?: RateLimiter;
  liveData?: Omit<LiveDataHubOptions, 'log'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveDataHub: LiveDataHub;
  }
}

/** The whole server as a Fastify instance, not listening yet (tests inject or listen on port 0). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const app: App = Fastify({
    ...(options.logger !== undefined ? { loggerInstance: options.logger } : { logger: { level: options.logLevel ?? 'info' } }),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Behind no proxy by default: request.ip is the peer, so per-IP limits cannot be spoofed.
    trustProxy: false,
    // The client calls both `api/Live` and `api/live` (DESIGN.md section 4).
    routerOptions: { caseSensitive: false },
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    // TypeBox checks bodies strictly (a number is not silently turned into a string).
    .setValidatorCompiler(TypeBoxValidatorCompiler);

  installErrorHandlers(app);
  await app.register(fastifyCookie);
  installAuth(app, options.db);

  const hub = new LiveDataHub({ ...options.liveData, log: app.log });
  app.decorate('liveDataHub', hub);
  // Added before @fastify/websocket so it runs first: clients get 1001 and a clean close.
  app.addHook('preClose', () => hub.closeAll());
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });

  await app.register(healthPlugin, { db: options.db });
  await app.register(staticSitePlugin, { siteRoot: options.siteRoot });
  await app.register(universalRoutes);
  await app.register(sportsRoutes, { db: options.db });
  await app.register(mfRoutes, {
    db: options.db,
    registry: options.remoteRegistry ?? (await createFileRemoteRegistry(options.siteRoot)),
    telemetryLimiter: options.telemetryLimiter,
  });
  await app.register(userRoutes);
  await app.register(liveDataRoutes, { hub });
  return app;
}
