import { describe, expect, it } from 'vitest';
import { loadControlFrameLimits } from './liveDataConfig';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { limits: loadControlFrameLimits((name) => env[name], problems), problems };
};

describe('loadControlFrameLimits', () => {
  it('defaults to a burst of 20 control frames and 60 a minute', () => {
    expect(load({})).toEqual({ limits: { burst: 20, perMinute: 60 }, problems: [] });
    expect(load({ LIVE_DATA_CONTROL_BURST: '50', LIVE_DATA_CONTROL_PER_MINUTE: '120' }).limits).toEqual({ burst: 50, perMinute: 120 });
  });

  it('refuses a burst smaller than the real client handshake, and every bad value at once', () => {
    expect(load({ LIVE_DATA_CONTROL_BURST: '5', LIVE_DATA_CONTROL_PER_MINUTE: 'lots' }).problems).toEqual([
      'LIVE_DATA_CONTROL_BURST must be a whole number from 10 to 10000, got "5"',
      'LIVE_DATA_CONTROL_PER_MINUTE must be a whole number from 1 to 60000, got "lots"',
    ]);
  });
});
