import { describe, expect, it } from 'vitest';
import { loadFeedConfig } from './feedConfig';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { config: loadFeedConfig((name) => env[name], problems), problems };
};

describe('loadFeedConfig', () => {
  it('runs the demo feed in real time with seed 1 by default', () => {
    expect(load({})).toEqual({ config: { provider: 'demo', seed: 1, speed: 1 }, problems: [] });
  });

  it('reads FEED, FEED_SEED and FEED_SPEED', () => {
    expect(load({ FEED: 'off', FEED_SEED: '7', FEED_SPEED: '60' }).config).toEqual({ provider: 'off', seed: 7, speed: 60 });
    expect(load({ FEED_SPEED: '0.5' }).config.speed).toBe(0.5);
  });

  it('lists every bad value', () => {
    expect(load({ FEED: 'live', FEED_SEED: '-1', FEED_SPEED: 'fast' }).problems).toEqual([
      'FEED must be one of demo, off, got "live"',
      'FEED_SEED must be a whole number from 0 to 2147483647, got "-1"',
      'FEED_SPEED must be a number from 0.1 to 3600, got "fast"',
    ]);
  });
});
