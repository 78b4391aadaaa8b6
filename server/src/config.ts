import path from 'node:path';
import { LOG_LEVELS, type LogLevel, NODE_ENVS, type NodeEnv } from './infra/config/envVars';
import { REPO_ROOT, SERVER_DIR } from './infra/config/serverPaths';
import { type AccountsConfig, loadAccountsConfig } from './accounts/accountsConfig';
import { type FeedConfig, loadFeedConfig } from './scores/feed/feedConfig';
import { type HttpLimitsConfig, loadHttpLimitsConfig } from './infra/http/httpConfig';
import { type MediaConfig, loadMediaConfig } from './live/media/mediaConfig';
import { type MfConfig, loadMfConfig } from './rollouts/mfConfig';
import { type ChatConfig, loadChatConfig } from './chat/chatConfig';
import { type LevelsConfig, loadLevelsConfig } from './levels/index';
import { type FanMedalsConfig, loadFanMedalsConfig } from './fanMedals/index';
import { type MemberConfig, loadMemberConfig } from './member/memberConfig';
import type { ControlFrameLimits } from './scores/liveData/controlFrameBudget';
import { loadControlFrameLimits } from './scores/liveData/liveDataConfig';
import { loadLiveWorkers } from './scores/liveData/liveWorkersConfig';
import { type ObservabilityConfig, loadObservabilityConfig } from './observability/observabilityConfig';
import { type WalletConfig, loadWalletConfig } from './wallet/index';
import { type PointsConfig, loadPointsConfig } from './points/index';
import { type RedPacketsConfig, loadRedPacketsConfig } from './redPackets/index';
import { type LotteriesConfig, loadLotteriesConfig } from './lotteries/index';
import { type PredictionsConfig, loadPredictionsConfig } from './predictions/index';
import { type DownloadConfig, loadDownloadConfig } from './site/index';
import { type ClipsConfig, loadClipsConfig } from './clips/index';
import { type AlertsConfig, loadAlertsConfig } from './alerts/index';



export interface AppConfig {
  port: number;
  host: string;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  /** An external PostgreSQL; when absent the embedded one under dataDir is used. */
  databaseUrl: string | null;
  /** Fan-out of live data between server nodes (realtime/redisBus.ts); null: this process only. */
  redisUrl: string | null;
  logLevel: LogLevel;
  /** Folder holding host/dist and mf-* /dist (the repository root by default). */
  siteRoot: string;
  nodeEnv: NodeEnv;
  /** SMS, captcha, sessions, login limits, chat signing (accountsConfig.ts). */
  accounts: AccountsConfig;
  /** Remote releases and rollouts (modules/mf/mfConfig.ts). */
  mf: MfConfig;
  /** HTTP_COMPRESSION=0 turns brotli/gzip off (a CDN or proxy in front compresses instead). */
  compression: boolean;
  /** Timeouts and per-address connection caps: HTTP_*_TIMEOUT_SECONDS, HTTP_MAX_* (httpConfig.ts). */
  http: HttpLimitsConfig;
  /** The live match feed: FEED, FEED_SEED, FEED_SPEED (feed/feedConfig.ts). */
  feed: FeedConfig;
  /** Video: MEDIA_MODE, MEDIA_RTMP_*, MEDIA_*_URL_TEMPLATE, … (media/mediaConfig.ts). */
  media: MediaConfig;
  /** The chat provider and limits: IM_PROVIDER, TENCENT_IM_* (chat/chatConfig.ts). */
  chat: ChatConfig;
  /** LIVE_WORKERS: fan-out worker processes of /ws/live-data; 0: the main process (realtime/liveWorkersConfig.ts). */
  liveWorkers: number;
  /** LIVE_DATA_CONTROL_BURST, LIVE_DATA_CONTROL_PER_MINUTE: control frames one live-data connection may send (realtime/liveDataConfig.ts). */
  liveDataControlFrames: ControlFrameLimits;
  /** API_DOCS, METRICS: /api/docs and /metrics on, off or behind the ops token (observability/observabilityConfig.ts). */
  observability: ObservabilityConfig;
  /** MEMBER_ID_KEY: the key ID numbers are encrypted with (member/memberConfig.ts). */
  member: MemberConfig;
  /** LEVEL_*: exp per minute watched and per chat message, and their daily caps (levels/levelsConfig.ts). */
  levels: LevelsConfig;
  /** FAN_MEDAL_*: intimacy from watching and chatting, their daily caps, the chat badge switch (fanMedals/fanMedalsConfig.ts). */
  fanMedals: FanMedalsConfig;
  /** WALLET_*: payment provider, order expiry, hot-account shards, the sandbox's notify key (wallet/walletConfig.ts). */
  wallet: WalletConfig;
  /** POINTS_*: points per watch interval and chat message, their daily caps, the watch interval and tick (points/pointsConfig.ts). */
  points: PointsConfig;
  redPackets: RedPacketsConfig;
  /** LOTTERY_*: window and winner bounds, abuse limits, the sweeper (lotteries/lotteriesConfig.ts). */
  lotteries: LotteriesConfig;
  /** PREDICTION_*: the feed watcher's safety poll, the abandon delay, the tallies' interval (predictions/predictionsConfig.ts). */
  predictions: PredictionsConfig;
  /** SITE_H5_URL, APP_IOS_URL, APP_ANDROID_URL: the download page (site/download/downloadConfig.ts). */
  download: DownloadConfig;
  /** CLIP_RETENTION_DAYS, GOAL_CLIP_RETENTION_DAYS, CLIP_PERSON_*, CLIP_MIN_FREE_MB, CLIP_FEED (clips/clipsConfig.ts). */
  clips: ClipsConfig;
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: Web Push's key pair (alerts/alertsConfig.ts). */
  alerts: AlertsConfig;
}

/** Every problem found in the environment, so one start shows them all. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the environment into a typed config; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const nodeEnv = parseChoice('NODE_ENV', read('NODE_ENV'), NODE_ENVS, 'development', problems);
  const config: AppConfig = {
    port: parsePort(read('PORT'), problems),
    host: read('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(read('DATA_DIR') ?? path.join(SERVER_DIR, '.data')),
    databaseUrl: parseUrl('DATABASE_URL', read('DATABASE_URL'), ['postgres:', 'postgresql:'], problems),
    redisUrl: parseUrl('REDIS_URL', read('REDIS_URL'), ['redis:', 'rediss:'], problems),
    logLevel: parseChoice('LOG_LEVEL', read('LOG_LEVEL'), LOG_LEVELS, 'info', problems),
    siteRoot: path.resolve(read('SITE_ROOT') ?? REPO_ROOT),
    nodeEnv,
    accounts: loadAccountsConfig(read, nodeEnv, problems),
    mf: loadMfConfig(read, nodeEnv, problems),
    compression: parseSwitch('HTTP_COMPRESSION', read('HTTP_COMPRESSION'), true, problems),
    http: loadHttpLimitsConfig(read, problems),
    feed: loadFeedConfig(read, problems),
    media: loadMediaConfig(read, problems),
    chat: loadChatConfig(read, problems),
    liveWorkers: loadLiveWorkers(read, problems),
    liveDataControlFrames: loadControlFrameLimits(read, problems),
    observability: loadObservabilityConfig(read, nodeEnv, problems),
    member: loadMemberConfig(read, problems),
    levels: loadLevelsConfig(read, problems),
    fanMedals: loadFanMedalsConfig(read, problems),
    wallet: loadWalletConfig(read, nodeEnv, problems),
    points: loadPointsConfig(read, problems),
    redPackets: loadRedPacketsConfig(read, problems),
    lotteries: loadLotteriesConfig(read, problems),
    predictions: loadPredictionsConfig(read, problems),
    download: loadDownloadConfig(read, problems),
    clips: loadClipsConfig(read, problems),
    alerts: loadAlertsConfig(read, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseSwitch(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  if (raw === '0' || raw === '1') return raw === '1';
  problems.push(`${name} must be 0 or 1, got "${raw}"`);
  return fallback;
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 8080;
  const port = Number(raw);
  // 0 is allowed: the OS picks a free port (handy for scripts and tests).
  if (!/^\d+$/.test(raw) || port > 65_535) {
    problems.push(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
    return 8080;
  }
  return port;
}

function parseUrl(name: string, raw: string | undefined, protocols: readonly string[], problems: string[]): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} is not a valid URL`);
    return null;
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(`${name} must start with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`);
    return null;
  }
  return raw;
}

function parseChoice<Choice extends string>(
  name: string,
  raw: string | undefined,
  choices: readonly Choice[],
  fallback: Choice,
  problems: string[],
): Choice {
  if (raw === undefined) return fallback;
  const match = choices.find((choice) => choice === raw);
  if (match === undefined) {
    problems.push(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
    return fallback;
  }
  return match;
}

