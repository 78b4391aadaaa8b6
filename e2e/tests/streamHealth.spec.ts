import { expect } from '@playwright/test';
import { test } from './support/journey';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 15, the anchor's stream health: an anchor opens a room, the console's 推流状态 says no push
 * has arrived; a real ffmpeg push (640x360, 25 fps, 2 s keyframes) starts and the console shows
 * the resolution, frame rate, bitrates and keyframe interval the ingest read, and 推流正常; the push
 * stops and the console says the input stalled. Real server, PostgreSQL, RTMP ingest, Chromium.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'health-pass-2026';

test('the anchor pushes with ffmpeg and the room console shows the stream health: resolution, frame rate, bitrates, keyframes; then the stall', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '推流状态测试直播');
    const { owner } = anchor;

    const health = owner.getByRole('region', { name: '推流状态' });
    await expect(health.getByTestId('stream-health-offline')).toContainText('还没有收到推流');

    stream = pushTestStream(await readPushUrl(anchor.page));

    // The console polls every 2 s: the figures arrive without a reload.
    await expect(health.getByTestId('stream-health-resolution')).toHaveText('640×360', { timeout: 30_000 });
    await expect(health.getByTestId('stream-health-fps')).toHaveText(/^2[45](\.[0-9])? fps$/, { timeout: 10_000 });
    await expect(health.getByTestId('stream-health-codecs')).toHaveText('H.264 / AAC');
    await expect(health.getByTestId('stream-health-keyframe-interval')).toHaveText('2 秒', { timeout: 15_000 });
    await expect(health.getByTestId('stream-health-video-kbps')).toHaveText(/^[1-9][0-9]* kbps$/);
    await expect(health.getByTestId('stream-health-audio-kbps')).toHaveText(/^[1-9][0-9]* kbps$/);
    await expect(health.getByTestId('stream-health-verdict')).toHaveText('推流正常');

    // The encoder stops: within the reconnect grace the console says the picture stopped coming.
    await stream.stop();
    stream = null;
    await expect(health.getByTestId('stream-health-warning-input_stalled').or(health.getByTestId('stream-health-offline'))).toBeVisible({ timeout: 20_000 });
  } finally {
    await stream?.stop();
  }
});
