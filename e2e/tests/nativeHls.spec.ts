import { expect } from '@playwright/test';
import { test } from './support/journey';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { expectVideoPlaying } from './support/playback';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * A browser without Media Source Extensions (iPhone Safari before iOS 17.1, some embedded
 * browsers) cannot run mpegts.js or hls.js: the room plays the stream's HLS with the browser's own
 * <video>. Chromium plays HLS natively too, so taking MediaSource away in the page gives that path
 * on real video: a real ffmpeg push, the server's HLS packager, Chromium's native HLS.
 */
test.describe.configure({ timeout: 180_000 });

test('without MediaSource the room plays its HLS natively: no FLV, no hls.js, the picture moves', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const anchor = await newAnchorOnAir(browser, request, 'native-hls-2026', '原生HLS直播');
    stream = pushTestStream(await readPushUrl(anchor.page));

    const viewerContext = await browser.newContext();
    await viewerContext.addInitScript(() => {
      for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) {
        Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
      }
    });
    const viewer = await viewerContext.newPage();
    const asked: string[] = [];
    viewer.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await viewer.goto(`/web/#/live?id=${anchor.roomId}`);
    expect(await viewer.evaluate(() => typeof window.MediaSource)).toBe('undefined');

    await expect(viewer.getByTestId('live-state')).toHaveAttribute('data-state', 'playing', { timeout: 60_000 });
    await expectVideoPlaying(viewer);
    // The browser's own player fetched the playlist and its segments; nothing asked for the FLV
    // stream, and neither MSE player's chunk was loaded.
    expect(asked.some((pathname) => pathname.endsWith('.m3u8'))).toBe(true);
    expect(asked.some((pathname) => /\.(ts|m4s|mp4)$/.test(pathname))).toBe(true);
    expect(asked.filter((pathname) => pathname.endsWith('.flv') || /player-(flv|hls)/.test(pathname))).toEqual([]);
    await viewerContext.close();
  } finally {
    await stream?.stop();
  }
});
