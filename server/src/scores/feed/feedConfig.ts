import { type ReadVar, parseInteger } from '../../infra/config/envVars';

/** The live feed's part of the configuration (FEED, FEED_SEED, FEED_SPEED). */
export interface FeedConfig {
  /** demo: the built-in simulator; off: no feed on this node (it still serves sockets). */
  provider: 'demo' | 'off';
  seed: number;
  /** Simulated ms per wall ms: 1 real time, 60 a match minute a second. */
  speed: number;
}

export const FEED_PROVIDERS = ['demo', 'off'] as const;
export const MAX_FEED_SPEED = 3_600;

export function loadFeedConfig(read: ReadVar, problems: string[]): FeedConfig {
  const provider = read('FEED') ?? 'demo';
  if (provider !== 'demo' && provider !== 'off') problems.push(`FEED must be one of ${FEED_PROVIDERS.join(', ')}, got "${provider}"`);
  const seed = parseInteger('FEED_SEED', read('FEED_SEED'), { fallback: 1, min: 0, max: 2_147_483_647 }, problems);
  const rawSpeed = read('FEED_SPEED');
  let speed = 1;
  if (rawSpeed !== undefined) {
    speed = Number(rawSpeed);
    if (!Number.isFinite(speed) || speed < 0.1 || speed > MAX_FEED_SPEED) {
      problems.push(`FEED_SPEED must be a number from 0.1 to ${MAX_FEED_SPEED}, got "${rawSpeed}"`);
      speed = 1;
    }
  }
  return {
    provider: provider === 'off' ? 'off' : 'demo',
    seed,
    speed,
  };
}
