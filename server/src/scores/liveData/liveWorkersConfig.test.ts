import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultLiveWorkers, loadLiveWorkers } from './liveWorkersConfig';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { workers: loadLiveWorkers((name) => env[name], problems), problems };
};

describe('loadLiveWorkers', () => {
  it('keeps the sockets in the main process on two cores or fewer, else one worker a core but one', () => {
    expect(load({})).toEqual({ workers: defaultLiveWorkers(os.availableParallelism()), problems: [] });
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultLiveWorkers(cores))).toEqual([0, 0, 2, 3, 7, 32]);
  });

  it('reads LIVE_WORKERS; 0 keeps the sockets in the main process', () => {
    expect(load({ LIVE_WORKERS: '0' }).workers).toBe(0);
    expect(load({ LIVE_WORKERS: '3' }).workers).toBe(3);
  });

  it('refuses what is not a whole number from 0 to 32', () => {
    expect(load({ LIVE_WORKERS: '-1' }).problems).toEqual(['LIVE_WORKERS must be a whole number from 0 to 32, got "-1"']);
    expect(load({ LIVE_WORKERS: '33' }).problems).toHaveLength(1);
    expect(load({ LIVE_WORKERS: 'two' }).problems).toHaveLength(1);
  });
});
