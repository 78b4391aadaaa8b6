import { describe, expect, it } from 'vitest';
import { MomentCache } from './momentCache';

describe('MomentCache', () => {
  it('builds once per key within the moment, shares a build in flight, builds again after it', async () => {
    let now = 1_000;
    const cache = new MomentCache<number, string>(1_000, () => now);
    let builds = 0;
    const build = (value: string) => async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return value;
    };
    const [a, b] = await Promise.all([cache.get(1, build('first')), cache.get(1, build('other'))]);
    expect([a, b, builds]).toEqual(['first', 'first', 1]);
    now += 999;
    expect(await cache.get(1, build('second'))).toBe('first');
    expect(await cache.get(2, build('room 2'))).toBe('room 2');
    now += 1;
    expect(await cache.get(1, build('second'))).toBe('second');
    expect(builds).toBe(3);
  });

  it('forgets a failed build (the next viewer tries again) and drops stale rooms', async () => {
    let now = 0;
    const cache = new MomentCache<number, string>(1_000, () => now);
    await expect(cache.get(1, async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get(1, async () => 'recovered')).toBe('recovered');
    await cache.get(2, async () => 'room 2');
    now = 5_000;
    await cache.get(3, async () => 'room 3');
    expect(cache.size).toBe(1);
  });

  it('forget: the next viewer gets a fresh build at once', async () => {
    const cache = new MomentCache<number, string>(1_000, () => 0);
    await cache.get(1, async () => 'before');
    cache.forget(1);
    expect(await cache.get(1, async () => 'after')).toBe('after');
  });
});
