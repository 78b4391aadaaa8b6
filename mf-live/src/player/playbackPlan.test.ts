import { describe, expect, it } from 'vitest';
import { choosePlaybackPlan } from './playbackPlan';

describe('choosePlaybackPlan', () => {
  const urls = { flv: '/live/room1.flv', hls: '/live/room1/index.m3u8' };

  it('HTTP-FLV first, then HLS with hls.js, then native HLS', () => {
    expect(choosePlaybackPlan(urls, { mse: true, nativeHls: true }).map((attempt) => attempt.kind)).toEqual(['flv', 'hls', 'native-hls']);
  });

  it('without MSE only the browser’s own HLS is left', () => {
    expect(choosePlaybackPlan(urls, { mse: false, nativeHls: true })).toEqual([{ kind: 'native-hls', url: urls.hls }]);
  });

  it('no HLS offered and no MSE: nothing can play', () => {
    expect(choosePlaybackPlan({ flv: urls.flv, hls: null }, { mse: false, nativeHls: true })).toEqual([]);
  });
});
