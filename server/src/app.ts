import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LogLevel } from './config';
import type { Database } from './infra/db/schema';
import { answerFrameworkError, installErrorHandlers } from './infra/http/errorHandler';
import { strictValidatorCompiler } from './infra/http/requestValidator';
import { handleWebSocketError } from './infra/http/webSocketErrors';
import { installRouteTable } from './infra/http/routeTable';
import type { RateLimiter } from './infra/http/rateLimiter';
import type { App } from './infra/http/types';
import { type ReleasesSetup, createScratchReleasesSetup, mfPlugin } from './rollouts/mfPlugin';
import type { RemoteRegistry } from './rollouts/remoteRegistry';
import { scoresRoutes } from './scores/routes';
import { sportsRoutes } from './scores/hotMatchRoutes';
import { universalRoutes } from './site/universal/routes';
import { userRoutes } from './accounts/routes';
import type { AccountsConfig } from './accounts/accountsConfig';
import { type AccountServicesOptions, createAccountServices } from './accounts/accountServices';
import { startHousekeeping } from './accounts/sessions/housekeeping';
import { SERVER_DIR } from './config';
import { captchaRoutes } from './accounts/captcha/captchaRoutes';
import { memberRoutes } from './member/routes';
import { uploadRoutes } from './uploads/routes';
import { installCsrfProtection } from './infra/http/csrf';
import { answerClientError } from './infra/http/clientErrors';
import { installConnectionLimits } from './infra/http/connectionLimits';
import { installSecurityHeaders } from './infra/http/securityHeaders';
import { type HttpLimitsConfig, defaultHttpLimitsConfig } from './infra/http/httpConfig';
import { publicFilesPlugin } from './site/publicFiles';
import { installAuth } from './accounts/authPlugin';
import { healthPlugin } from './site/health';
import { staticSitePlugin } from './site/staticSite';
import { type LiveOptions, setUpLiveData } from './scores/feed/liveSetup';
import type { LiveDataHubOptions } from './scores/liveData/liveDataHub';
import { liveDataRoutes } from './scores/liveData/liveDataRoutes';
import { type MediaConfig, defaultMediaConfig } from './live/media/mediaConfig';
import { mediaPlugin } from './live/media/mediaPlugin';
import { RoomEvents } from './live/roomEvents';
import { type ChatOptions, chatPlugin } from './chat/chatPlugin';
import { liveRoutes } from './live/routes';
import { type ObservabilityConfig, defaultObservabilityConfig } from './observability/observabilityConfig';
import { collectOpenApi } from './observability/openApiDocs';
import { installRequestMetrics } from './observability/requestMetrics';
import { observabilityRoutes } from './observability/observabilityRoutes';

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
  /** Compress text answers (default); off when a CDN or proxy in front compresses. */
  compression?: boolean;
  /** Timeouts and per-address connection caps (config HTTP_*); default: httpConfig.ts defaults. */
  http?: HttpLimitsConfig;
  /** Serve the builds' source maps (main.ts: outside production); default not. */
  serveSourceMaps?: boolean;
  /** The rollout control plane (main.ts: createReleasesSetup); default an empty scratch store. */
  releases?: ReleasesSetup;
  /** Which releases visitors get; default: the rollout registry over PostgreSQL. */
  remoteRegistry?: RemoteRegistry;
  liveData?: Omit<LiveDataHubOptions, 'log'>;
  /** The feed, Redis fan-out (feed/liveSetup.ts); default none: sockets serve what others publish. */
  live?: LiveOptions;
  /** The chat: provider (IM_PROVIDER...), Redis channel; default the built-in chat (chat/chatPlugin.ts). */
  chat?: ChatOptions;
  /** Video ingest and playback (media/mediaConfig.ts); default embedded on a free RTMP port. */
  media?: MediaConfig;
  /** Local state: secrets, the SMS outbox, uploads (config DATA_DIR); default server/.data. */
  dataDir?: string;
  /** SMS, captcha, sessions and login limits (config.accounts); default: every default. */
  accountsConfig?: AccountsConfig;
  /** Replacements for tests: a manual clock, another SMS provider or captcha. */
  accountOverrides?: AccountServicesOptions['overrides'];
  /** /api/docs and /metrics: on, off or behind the ops token (config API_DOCS, METRICS); default both on. */
  observability?: ObservabilityConfig;
}

/** How long one plugin or start-up hook may take before the start fails with a clear error. */
const PLUGIN_TIMEOUT_MS = 60_000;

/** The whole server as a Fastify instance, not listening yet (tests inject or listen on port 0). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const limits = options.http ?? defaultHttpLimitsConfig();
  const app: App = Fastify({
    ...(options.logger !== undefined ? { loggerInstance: options.logger } : { logger: { level: options.logLevel ?? 'info' } }),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Start-up hooks (the feed's first batch, the media server) take seconds on a busy 2-core
    // machine: Fastify's 10 s default failed starts under load.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // No client holds a socket forever (slow headers, slow bodies, idle keep-alive, unread answers):
    // Fastify's defaults turn Node's request timeout off and keep idle sockets 72 s.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: timeoutCheckInterval(limits) },
    // Timed-out and malformed requests are answered with the envelope, like every other error.
    clientErrorHandler: answerClientError,
    // Behind no proxy by default: request.ip is the peer, so per-IP limits cannot be spoofed.
    trustProxy: false,
    // The client calls both `api/Live` and `api/live` (DESIGN.md section 4).
    routerOptions: { caseSensitive: false },
    // A URL Fastify cannot decode answers our envelope, like every other client mistake.
    frameworkErrors: answerFrameworkError,
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    // TypeBox checks bodies strictly (a number is not silently turned into a string), query
    // numbers are canonical decimals, and no request text holds control characters.
    .setValidatorCompiler(strictValidatorCompiler);

  // First: the route fuzz suite walks every route registered after this.
  installRouteTable(app);
  installErrorHandlers(app);
  // Before any route too: the OpenAPI collector and the latency hook see routes as they are added.
  const observability = options.observability ?? defaultObservabilityConfig('development');
  if (observability.apiDocs !== 'off') await collectOpenApi(app);
  const metricsRegistry = observability.metrics !== 'off' ? installRequestMetrics(app) : null;
  installConnectionLimits(app, limits);
  // Live rooms (issue 5): the rooms API emits, the chat listens; the media plugin resolves playback.
  app.decorate('roomEvents', new RoomEvents());
  await app.register(fastifyCookie);
  // brotli/gzip for text answers over 1 KiB: the site's JavaScript shrinks to about a third.
  if (options.compression !== false) await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const accounts = await createAccountServices({
    db: options.db,
    dataDir: options.dataDir ?? path.join(SERVER_DIR, '.data'),
    log: app.log,
    config: options.accountsConfig,
    overrides: options.accountOverrides,
  });
  installAuth(app, options.db, accounts.clock);
  installCsrfProtection(app);
  installSecurityHeaders(app, { imProvider: options.chat?.config?.provider ?? 'builtin' });
  // Video: decorates app.playbackUrls/streamEvents/streamViewers before the rooms and chat use them.
  await app.register(mediaPlugin, { db: options.db, dataDir: options.dataDir ?? path.join(SERVER_DIR, '.data'), config: options.media ?? defaultMediaConfig() });
  const housekeeping = startHousekeeping(options.db, accounts.clock, (error) => app.log.warn({ err: error }, 'account housekeeping failed'));
  app.addHook('onClose', async () => housekeeping.stop());

  // Added before @fastify/websocket so its preClose runs first: clients get 1001 and a clean close.
  const hub = await setUpLiveData(app, options.db, options.liveData, options.live);
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES }, errorHandler: handleWebSocketError });

  await app.register(healthPlugin, { db: options.db });
  const releases = options.releases ?? (await createScratchReleasesSetup(options.siteRoot, options.dataDir));
  await app.register(staticSitePlugin, { siteRoot: options.siteRoot, releasesDir: releases.releasesDir ?? undefined, serveSourceMaps: options.serveSourceMaps });
  await app.register(universalRoutes, { guestSigner: accounts.guestSigner, chat: options.chat?.config });
  await app.register(sportsRoutes, { db: options.db, clock: accounts.clock });
  await app.register(scoresRoutes, { db: options.db });
  await app.register(mfPlugin, { db: options.db, releases, registry: options.remoteRegistry });
  await app.register(publicFilesPlugin, { uploadsDir: accounts.uploadsDir });
  await app.register(captchaRoutes, { captcha: accounts.captcha });
  await app.register(userRoutes, { db: options.db, services: accounts });
  await app.register(memberRoutes, { db: options.db, services: accounts });
  await app.register(uploadRoutes, { db: options.db, services: accounts });
  await app.register(liveRoutes, { db: options.db, opsToken: releases.opsToken, clock: accounts.clock });
  await app.register(liveDataRoutes, { hub });
  await app.register(chatPlugin, { ...options.chat, db: options.db, services: accounts, dataDir: options.dataDir ?? path.join(SERVER_DIR, '.data'), redisUrl: options.live?.redisUrl ?? null });
  // Last: /metrics reads the hubs, the feed and the ingest decorated above.
  await app.register(observabilityRoutes, { config: observability, opsToken: releases.opsToken, registry: metricsRegistry, db: options.db });
  return app;
}

/** How often Node looks for requests past their timeouts (its default, 30 s, would let one overstay by that much). */
function timeoutCheckInterval(limits: HttpLimitsConfig): number {
  return Math.min(1_000, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}
