import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { expectVideoPlaying } from './support/playback';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 33, "room state is the truth, within 5 s" (docs/flows/room-state.md): an anchor pushes
 * with ffmpeg and a member watches. The encoder stops → within 5 s the viewer's page says
 * 主播暂时离开, its player asks for no more FLV/HLS, the live list no longer shows the room live;
 * the push comes back → the page plays again by itself, no reload; the anchor ends the room →
 * 直播已结束. The anchor's own room page shows the same state throughout. Real server, PostgreSQL,
 * RTMP ingest, ffmpeg and mpegts.js in Chromium.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'state-pass-2026';
const WITHIN_MS = 5_000;

const liveState = (page: Page) => page.getByTestId('live-state');

test('the room state follows the push within 5 s on the viewer\'s and the anchor\'s pages, the player stops asking while offline and resumes by itself', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  const timings: string[] = [];
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '状态真相直播');
    const { roomId, owner } = anchor;
    // Opened (the chat says 主播开播了), no push yet: the anchor's page does not say 未开播.
    await expect(liveState(anchor.page)).toHaveText('主播暂时离开', { timeout: WITHIN_MS });
    const pushUrl = await readPushUrl(anchor.page);
    stream = pushTestStream(pushUrl);

    const viewer = await newMember(browser, PASSWORD);
    const videoRequests: string[] = [];
    viewer.page.on('request', (sent) => {
      if (new RegExp(`/live/room${roomId}(\\.flv|/)`).test(sent.url())) videoRequests.push(sent.url());
    });
    await viewer.page.goto(`/web/#/live?id=${roomId}`);
    await expect(liveState(viewer.page)).toHaveText('直播中', { timeout: 30_000 });
    await expectVideoPlaying(viewer.page);
    // The anchor's own room page says what its viewers' says.
    await expect(liveState(anchor.page)).toHaveText('直播中', { timeout: WITHIN_MS });
    await viewer.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The live list shows the room live.
    const list = await viewer.context.newPage();
    await list.goto('/web/#/anchor?type=0');
    const card = list.locator(`[data-testid="room-card"][href="#/live?id=${roomId}"]`);
    await expect(card).toHaveAttribute('data-live', 'true', { timeout: 15_000 });

    // The encoder stops (OBS 停止推流): 主播暂时离开 within 5 s, on both pages.
    let since = Date.now();
    const stopping = stream.stop();
    stream = null;
    await expect(liveState(viewer.page)).toHaveText('主播暂时离开', { timeout: WITHIN_MS });
    timings.push(`viewer 主播暂时离开 after ${Date.now() - since} ms`);
    await expect(liveState(anchor.page)).toHaveText('主播暂时离开', { timeout: Math.max(500, WITHIN_MS - (Date.now() - since)) });
    timings.push(`anchor 主播暂时离开 after ${Date.now() - since} ms`);
    await expect(viewer.page.getByTestId('live-curtain')).toHaveText('主播暂时离开，回来后自动播放');
    await stopping;

    // No more FLV/HLS requests while the room is offline.
    const askedWhenOffline = videoRequests.length;
    await viewer.page.waitForTimeout(8_000);
    expect(videoRequests.slice(askedWhenOffline), 'requests after the room went offline').toEqual([]);

    // The live list (and the home page's, from the same source) no longer shows it live.
    await list.reload();
    await expect(list.getByTestId('room-card').first()).toBeVisible({ timeout: 15_000 });
    await expect(list.locator(`[data-testid="room-card"][href="#/live?id=${roomId}"][data-live="true"]`)).toHaveCount(0);
    await list.goto('/web/#/main');
    await expect(list.locator(`[data-testid="room-card"][href="#/live?id=${roomId}"][data-live="true"]`)).toHaveCount(0);
    await list.close();

    // The push comes back: the viewer plays again by itself, without a reload.
    since = Date.now();
    stream = pushTestStream(pushUrl);
    await expect(liveState(viewer.page)).toHaveText('直播中', { timeout: 10_000 });
    timings.push(`viewer 直播中 again ${Date.now() - since} ms after the encoder started`);
    await expect(liveState(anchor.page)).toHaveText('直播中', { timeout: WITHIN_MS });
    await expectVideoPlaying(viewer.page);
    expect(await viewer.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The encoder stops for good and the anchor ends the room: 直播已结束 on both pages.
    await stream.stop();
    stream = null;
    await expect(liveState(viewer.page)).toHaveText('主播暂时离开', { timeout: WITHIN_MS });
    since = Date.now();
    await owner.getByRole('button', { name: '结束直播' }).click();
    await expect(liveState(viewer.page)).toHaveText('直播已结束', { timeout: WITHIN_MS });
    timings.push(`viewer 直播已结束 after ${Date.now() - since} ms`);
    await expect(liveState(anchor.page)).toHaveText('直播已结束', { timeout: WITHIN_MS });
  } finally {
    await stream?.stop();
    test.info().annotations.push({ type: 'timings', description: timings.join('; ') });
    console.log(`room state timings: ${timings.join('; ')}`);
  }
});
