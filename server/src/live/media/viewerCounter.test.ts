import { describe, expect, it } from 'vitest';
import { ViewerCounter } from './viewerCounter';

describe('players per room', () => {
  it('counts FLV connections and HLS clients seen within the window; lists the rooms with any', () => {
    const counter = new ViewerCounter(30_000);
    counter.flvOpened(1);
    counter.flvOpened(1);
    counter.hlsSeen(1, 'phone', 0);
    counter.hlsSeen(2, 'tablet', 0);
    counter.hlsSeen(2, 'tablet', 10_000); // the same client again
    expect(counter.current(1, 10_000)).toBe(3);
    expect(counter.current(2, 10_000)).toBe(1);
    expect(counter.rooms(10_000).sort()).toEqual([1, 2]);

    // 30 s after its last playlist fetch an HLS client is gone; a closed FLV connection at once.
    counter.flvClosed(1);
    expect(counter.current(1, 35_000)).toBe(1);
    expect(counter.rooms(40_001)).toEqual([1]);
    counter.flvClosed(1);
    expect(counter.rooms(40_001)).toEqual([]);
  });

  it('remembers a bounded number of HLS clients per room', () => {
    const counter = new ViewerCounter(30_000, 3);
    for (const client of ['a', 'b', 'c', 'd']) counter.hlsSeen(5, client, 0);
    expect(counter.current(5, 0)).toBe(3);
  });
});
