import { expect } from '@playwright/test';
import { test } from './support/journey';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 15, live thumbnails and the home widgets: an anchor opens an esports room and pushes real
 * video with ffmpeg; the server decodes a frame of it (a JPEG, served with cache headers); a guest's
 * home page shows the room first in the live widget, its picture that frame (loaded in Chromium),
 * its viewer count and category; the hot matches widget shows matches with teams and scores. When
 * the push stops the room's picture is the category placeholder again. Real server, PostgreSQL,
 * RTMP ingest, ffmpeg, Chromium.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'thumb-pass-2026';

test('a live room shows a frame of its stream on the home page, first, with viewers; hot matches show teams and scores', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '缩略图电竞直播', { category: '电竞' });
    const { roomId } = anchor;

    // Before the push: the room's picture is the esports placeholder.
    const offline = await request.get(`/live/thumb/room${roomId}.jpg`);
    expect(offline.headers()['content-type']).toContain('image/svg+xml');
    expect(await offline.text()).toContain('电竞');

    stream = pushTestStream(await readPushUrl(anchor.page));

    // The server decodes a frame of the stream: a JPEG with its validators; a revalidation is a 304.
    const thumbPath = `/live/thumb/room${roomId}.jpg`;
    await expect
      .poll(async () => (await request.get(thumbPath)).headers()['content-type'], { timeout: 45_000, message: stream.output() })
      .toBe('image/jpeg');
    const frame = await request.get(thumbPath);
    const etag = frame.headers().etag as string;
    expect(frame.headers()['cache-control']).toMatch(/max-age=\d+/);
    expect(frame.headers()['last-modified']).toBeTruthy();
    expect((await frame.body()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await request.get(thumbPath, { headers: { 'if-none-match': etag } })).status()).toBe(304);

    // A guest's home page (a fresh browser: nothing cached): the live room first, its frame loaded.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto('/web/#/main');
    const widget = guest.getByTestId('widget-liveRecommend');
    const first = widget.getByTestId('room-card').first();
    await expect(first).toHaveAttribute('href', `#/live?id=${roomId}`, { timeout: 30_000 });
    await expect(first).toHaveAttribute('data-live', 'true');
    await expect(first.getByTestId('room-viewers')).toHaveText(/^[0-9]+ 人在看$/);
    await expect(first.getByTestId('room-category')).toHaveText('电竞');
    const picture = first.getByTestId('room-thumb');
    await expect(picture).toHaveAttribute('src', new RegExp(`^/live/thumb/room${roomId}\\.jpg\\?v=`));
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(320);
    // What the browser loaded is the frame, not the placeholder.
    const loadedType = await picture.evaluate(async (image) => (await fetch((image as HTMLImageElement).currentSrc, { cache: 'force-cache' })).headers.get('content-type'));
    expect(loadedType).toBe('image/jpeg');

    // Hot matches: matches with both teams and a score (or VS before kick-off), linking to the detail.
    const hot = guest.getByTestId('widget-hotMatches');
    const match = hot.getByTestId('hot-match').first();
    await expect(match).toBeVisible({ timeout: 30_000 });
    await expect(match.getByTestId('hot-match-score')).toHaveText(/^([0-9]+ - [0-9]+|VS)$/);
    await expect(match.getByRole('link').first()).toHaveAttribute('href', /^#\/score-detail\?id=[0-9]+$/);
    // Named by what it shows: competition, state, teams and the score (or VS before the start).
    await expect(match.getByRole('link').first()).toHaveAccessibleName(/\S+ (\d+ - \d+|VS) \S+/);

    // The push stops: the room goes offline, its picture is the placeholder again.
    await stream.stop();
    stream = null;
    await expect
      .poll(async () => (await request.get(thumbPath)).headers()['content-type'], { timeout: 30_000 })
      .toContain('image/svg+xml');
    await guestContext.close();
  } finally {
    await stream?.stop();
  }
});
