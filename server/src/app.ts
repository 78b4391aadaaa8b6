import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyPluginAsync, type FastifyPluginOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { type AccountServicesOptions, type AccountsConfig, accountsPlugin } from './accounts/index';
import { type ChatOptions, chatConnectSources, chatPlugin } from './chat/index';
import { type AlertsConfig, type AlertsPluginOptions, alertsPlugin } from './alerts/index';
import { type ClipsConfig, type ClipsPluginOptions, clipsPlugin } from './clips/index';
import type { LogLevel } from './infra/config/envVars';
import { SERVER_DIR } from './infra/config/serverPaths';
import { systemClock } from './infra/clock';
import type { Database } from './infra/db/schema';
import { answerClientError } from './infra/http/clientErrors';
import { installConnectionLimits } from './infra/http/connectionLimits';
import { createServerLogger } from './infra/http/logRedaction';
import { answerFrameworkError, installErrorHandlers } from './infra/http/errorHandler';
import { type HttpLimitsConfig, defaultHttpLimitsConfig, fastifyTrustProxy } from './infra/http/httpConfig';
import { strictValidatorCompiler } from './infra/http/requestValidator';
import { installRouteTable } from './infra/http/routeTable';
import { installSecurityHeaders } from './infra/http/securityHeaders';
import type { App } from './infra/http/types';
import { webSocketPlugin } from './infra/sockets/webSocketPlugin';
import { type MediaConfig, defaultMediaConfig, livePlugin } from './live/index';
import { messagesPlugin } from './messages/index';
import { followsPlugin } from './follows/index';
import { moderationPlugin } from './moderation/index';
import { type MemberOptions, memberPlugin } from './member/index';
import { activitiesPlugin } from './activities/index';
import { type CommunityOptions, communityPlugin } from './community/index';
import { type LevelsConfig, levelsPlugin } from './levels/index';
import { type FanMedalsConfig, fanMedalsPlugin } from './fanMedals/index';
import { type ObservabilityConfig, collectOpenApi, defaultObservabilityConfig, installRequestMetrics, observabilityPlugin } from './observability/index';
import { type ReleasesSetup, type RemoteRegistry, createScratchReleasesSetup, rolloutsPlugin } from './rollouts/index';
import { type LiveDataHubOptions, type LiveOptions, scoresPlugin } from './scores/index';
import { recommendPlugin } from './recommend/index';
import { searchPlugin } from './search/index';
import { type DownloadConfig, sitePlugin } from './site/index';
import { uploadsPlugin } from './uploads/index';
import { type WalletOptions, walletPlugin } from './wallet/index';
import { type PointsConfig, pointsPlugin } from './points/index';
import { type RedPacketsConfig, redPacketsPlugin } from './redPackets/index';
import { type LotteriesConfig, lotteriesPlugin } from './lotteries/index';
import { type PredictionsConfig, predictionsPlugin } from './predictions/index';

/** API bodies are small JSON; anything larger is a mistake or an attack (answered 413). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

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
  /** The feed, Redis fan-out (scores/feed/liveSetup.ts); default none: sockets serve what others publish. */
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
  /** The member centre: MEMBER_ID_KEY (config.member), the real-name verifier; default a key in DATA_DIR and the checksum verifier. */
  member?: MemberOptions;
  /** How members earn exp (config LEVEL_*); default levels/levelsConfig.ts. */
  levels?: LevelsConfig;
  /** Fan medals: intimacy from watching and chatting, the chat badge (config FAN_MEDAL_*); default fanMedals/fanMedalsConfig.ts. */
  fanMedals?: FanMedalsConfig;
  /** The wallet: payment provider, order expiry, hot-account shards (config WALLET_*); default wallet/walletConfig.ts. */
  wallet?: WalletOptions;
  /** Points (积分): watch and chat earnings, caps (config POINTS_*); default points/pointsConfig.ts. */
  points?: PointsConfig;
  /** Red packets (红包): expiry bounds, abuse limits, the sweeper (config RED_PACKET_*); default redPackets/redPacketsConfig.ts. */
  redPackets?: RedPacketsConfig;
  /** Lotteries (天选时刻): window and winner bounds, abuse limits, the sweeper (config LOTTERY_*); default lotteries/lotteriesConfig.ts. */
  lotteries?: LotteriesConfig;
  /** Predictions (竞猜): the feed watcher's tick, the abandon delay, the tallies' interval; default predictions/predictionsPlugin.ts. */
  predictions?: PredictionsConfig;
  /** The community: posting and commenting rates; default community/posts/postsConfig.ts. */
  community?: CommunityOptions;
  /** The download page: h5 address and store links (config.download); default site/download/downloadConfig.ts. */
  download?: DownloadConfig;
  /** Clips: retention, person-clip limits, the free-disk floor (config CLIP_*); default clips/clipsConfig.ts. */
  clips?: ClipsConfig;
  /** Tests only: the clips' storage (a full disk), archive wait and timers (clips/clipsPlugin.ts). */
  clipOverrides?: ClipsPluginOptions['overrides'];
  /** Alerts: the VAPID key pair and subject (config VAPID_*); default a generated pair kept in the database (alerts/alertsConfig.ts). */
  alerts?: AlertsConfig;
  /** Tests and the bench only: the fan-out's batch and timer, push retries, a local http push service (alerts/alertsPlugin.ts). */
  alertOverrides?: AlertsPluginOptions['overrides'];
  /**
   * Tests only (app.test.ts): the order the domain plugins are registered in, from the default
   * order of DOMAIN_PLUGINS (a permutation of it). Without it, DOMAIN_PLUGINS' order.
   */
  domainOrder?: (names: readonly DomainName[]) => readonly DomainName[];
}

/**
 * The domain plugins, in the order buildApp registers them. Each is a fastify-plugin naming the
 * plugins it needs (`dependencies`) and the decorators it reads (`decorators`): Fastify refuses to
 * start when one is missing or registered later, so this order is one that works, not one to
 * keep by heart. The keys are the plugins' names; src/README.md's dependency table is generated
 * from this list (`pnpm plugins:table`) and app.test.ts checks the declarations against the code.
 */
export const DOMAIN_PLUGINS = {
  accounts: accountsPlugin,
  sockets: webSocketPlugin,
  levels: levelsPlugin,
  live: livePlugin,
  moderation: moderationPlugin,
  chat: chatPlugin,
  messages: messagesPlugin,
  alerts: alertsPlugin,
  follows: followsPlugin,
  fanMedals: fanMedalsPlugin,
  scores: scoresPlugin,
  uploads: uploadsPlugin,
  member: memberPlugin,
  wallet: walletPlugin,
  points: pointsPlugin,
  predictions: predictionsPlugin,
  redPackets: redPacketsPlugin,
  lotteries: lotteriesPlugin,
  activities: activitiesPlugin,
  community: communityPlugin,
  clips: clipsPlugin,
  search: searchPlugin,
  recommend: recommendPlugin,
  rollouts: rolloutsPlugin,
  site: sitePlugin,
  observability: observabilityPlugin,
} as const;

export type DomainName = keyof typeof DOMAIN_PLUGINS;
type DomainOptions = { [Name in DomainName]: Parameters<(typeof DOMAIN_PLUGINS)[Name]>[1] };

/** How long one plugin or start-up hook may take before the start fails with a clear error. */
const PLUGIN_TIMEOUT_MS = 60_000;

/** The whole server as a Fastify instance, not listening yet (tests inject or listen on port 0). */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const limits = options.http ?? defaultHttpLimitsConfig();
  const app: App = Fastify({
    // The server's logger redacts secrets and masks them in URLs (infra/http/logRedaction.ts).
    loggerInstance: options.logger ?? createServerLogger(options.logLevel ?? 'info'),
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
    // TRUST_PROXY (httpConfig.ts); by default none: request.ip is the peer, so per-IP limits cannot be spoofed.
    trustProxy: fastifyTrustProxy(limits.trustProxy),
    // The client calls both `api/Live` and `api/live` (DESIGN.md section 4).
    routerOptions: { caseSensitive: false },
    // A URL Fastify cannot decode answers our envelope, like every other client mistake.
    frameworkErrors: answerFrameworkError,
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    // TypeBox checks bodies strictly (a number is not silently turned into a string), query
    // numbers are canonical decimals, and no request text holds control characters.
    .setValidatorCompiler(strictValidatorCompiler);

  // Infrastructure first, in this order: the route fuzz suite walks every route registered after
  // the table; the OpenAPI collector and the latency hook see routes as they are added.
  installRouteTable(app);
  installErrorHandlers(app);
  const observability = options.observability ?? defaultObservabilityConfig('development');
  if (observability.apiDocs !== 'off') await collectOpenApi(app);
  const metricsRegistry = observability.metrics !== 'off' ? installRequestMetrics(app) : null;
  installConnectionLimits(app, limits);
  await app.register(fastifyCookie);
  // brotli/gzip for text answers over 1 KiB: the site's JavaScript shrinks to about a third.
  if (options.compression !== false) await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // The domains (DOMAIN_PLUGINS above, in its order): each names the plugins it needs, Fastify
  // refuses to start if one is missing or registered later; see src/README.md.
  const dataDir = options.dataDir ?? path.join(SERVER_DIR, '.data');
  const clock = options.accountOverrides?.clock ?? systemClock;
  const releases = options.releases ?? (await createScratchReleasesSetup(options.siteRoot, options.dataDir));
  const domainOptions: DomainOptions = {
    accounts: { db: options.db, dataDir, config: options.accountsConfig, overrides: options.accountOverrides },
    sockets: undefined,
    levels: { db: options.db, config: options.levels },
    live: { db: options.db, dataDir, media: options.media ?? defaultMediaConfig(), opsToken: releases.opsToken, clock },
    moderation: { db: options.db, opsToken: releases.opsToken },
    chat: { ...options.chat, db: options.db, dataDir, redisUrl: options.live?.redisUrl ?? null },
    messages: { db: options.db },
    follows: { db: options.db },
    fanMedals: { db: options.db, config: options.fanMedals },
    scores: { db: options.db, liveData: options.liveData, live: options.live, clock },
    uploads: { db: options.db },
    member: { ...options.member, db: options.db, dataDir, opsToken: releases.opsToken },
    wallet: { ...options.wallet, db: options.db, dataDir, opsToken: releases.opsToken },
    points: { db: options.db, config: options.points },
    predictions: { db: options.db, opsToken: releases.opsToken, config: options.predictions },
    redPackets: { db: options.db, opsToken: releases.opsToken, config: options.redPackets },
    lotteries: { db: options.db, opsToken: releases.opsToken, config: options.lotteries },
    activities: { db: options.db, opsToken: releases.opsToken },
    community: { ...options.community, db: options.db, opsToken: releases.opsToken },
    clips: { db: options.db, config: options.clips, ffmpegPath: (options.media ?? defaultMediaConfig()).embedded.ffmpegPath, overrides: options.clipOverrides },
    alerts: { db: options.db, config: options.alerts, overrides: options.alertOverrides },
    search: { db: options.db },
    recommend: { db: options.db },
    rollouts: { db: options.db, releases, registry: options.remoteRegistry },
    site: { db: options.db, siteRoot: options.siteRoot, releasesDir: releases.releasesDir ?? undefined, serveSourceMaps: options.serveSourceMaps, precompressed: options.compression !== false, chat: options.chat?.config, download: options.download },
    observability: { config: observability, opsToken: releases.opsToken, registry: metricsRegistry, db: options.db },
  };
  try {
    for (const name of domainOrder(options.domainOrder)) {
      // Each plugin with its own options (DomainOptions ties them): one call site, so the types meet here.
      await app.register(DOMAIN_PLUGINS[name] as unknown as FastifyPluginAsync, (domainOptions[name] ?? {}) as FastifyPluginOptions);
      // The site's security headers and CSP: right after the accounts, as before the list was data.
      if (name === 'accounts') installSecurityHeaders(app, { connectSources: chatConnectSources(options.chat?.config?.provider ?? 'builtin') });
    }
  } catch (error) {
    // A plugin refused (a missing dependency, a failed start): what the ones before it started
    // (sockets, timers, the media server's port) is closed before the error goes up.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

/** DOMAIN_PLUGINS' names in their order, or the permutation a test asked for. */
function domainOrder(reorder: BuildAppOptions['domainOrder']): readonly DomainName[] {
  const names = Object.keys(DOMAIN_PLUGINS) as DomainName[];
  if (reorder === undefined) return names;
  const order = reorder(names);
  if (order.length !== names.length || new Set(order).size !== names.length || !names.every((name) => order.includes(name))) throw new Error(`domainOrder: not a permutation of ${names.join(', ')}`);
  return order;
}

/** How often Node looks for requests past their timeouts (its default, 30 s, would let one overstay by that much). */
function timeoutCheckInterval(limits: HttpLimitsConfig): number {
  return Math.min(1_000, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}
