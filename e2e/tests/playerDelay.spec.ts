import { expect, test, type Browser, type Page } from '@playwright/test';
import { fullMobile, registerThroughModal, uniqueMobileNumber } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 15, the player's delay: a room playing a real ffmpeg push over HTTP-FLV measures how far
 * its picture is behind the live moment at the ingest (the server's onStreamClock tags + the
 * buffer) and says it once a second on the event bus (`player:delay`); the player shows the value
 * it emitted as `data-delay-ms` on the video box (the same code path), and clears it when it
 * stops (`player:stopped`). Real server, ingest, ffmpeg and mpegts.js in Chromium.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'delay-pass-2026';

async function newMember(browser: Browser): Promise<{ page: Page; mobile: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const number = uniqueMobileNumber();
  await registerThroughModal(page, number, PASSWORD);
  return { page, mobile: fullMobile(number) };
}

test('a playing room says its delay behind the live moment, once a second, and stops saying it when the stream stops', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const anchor = await newMember(browser);
    const granted = await request.post('/api/ops/anchors', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { mobile: anchor.mobile, is_anchor: 1 } });
    expect((await granted.json()).code).toBe(200);
    await anchor.page.goto('/web/#/live?mine=1');
    await anchor.page.reload();
    const createForm = anchor.page.getByTestId('create-room-form');
    await createForm.getByLabel('直播标题').fill('延迟测量直播');
    await createForm.getByRole('button', { name: '创建直播间' }).click();
    const owner = anchor.page.getByTestId('owner-panel');
    await owner.getByRole('button', { name: '开始直播' }).click();
    await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();
    const roomId = new URL(anchor.page.url().replace('#/', '')).searchParams.get('id');
    await owner.getByRole('button', { name: '获取推流地址' }).click();
    stream = pushTestStream(await anchor.page.getByTestId('push-url').inputValue());

    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.goto(`/web/#/live?id=${roomId}`);
    await expect(viewer.getByTestId('live-state')).toHaveAttribute('data-state', 'playing', { timeout: 40_000 });

    const box = viewer.getByTestId('live-video-box');
    const delay = async () => Number((await box.getAttribute('data-delay-ms')) ?? Number.NaN);
    // Sane: the picture is behind the ingest, by less than a few seconds on this machine.
    await expect.poll(delay, { timeout: 20_000 }).toBeGreaterThan(0);
    const samples: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      samples.push(await delay());
      await viewer.waitForTimeout(1_100);
    }
    for (const sample of samples) {
      expect(sample).toBeGreaterThan(0);
      expect(sample).toBeLessThan(3_000);
    }

    // The push stops: the player stops playing and no delay is said any more.
    await stream.stop();
    stream = null;
    await expect(viewer.getByTestId('live-state')).not.toHaveAttribute('data-state', 'playing', { timeout: 40_000 });
    await expect(box).not.toHaveAttribute('data-delay-ms', /.*/);
  } finally {
    await stream?.stop();
  }
});
