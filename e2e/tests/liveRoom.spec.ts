import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { fullMobile, registerThroughModal, uniqueMobileNumber } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 5, end to end: an anchor opens a room and pushes real video with ffmpeg to the address
 * the page gives; a member and a guest watch it in other browser contexts, chat and send danmaku;
 * the push stops and the room goes offline, then recovers when the push comes back; a follow
 * shows in attention. Real server, real
 * PostgreSQL, real RTMP ingest, real mpegts.js playback in Chromium.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'live-pass-2026';

/** A new member registered through the login modal, in a context of its own. */
async function newMember(browser: Browser): Promise<{ page: Page; mobile: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const number = uniqueMobileNumber();
  await registerThroughModal(page, number, PASSWORD);
  return { page, mobile: fullMobile(number) };
}

/**
 * Ops grant anchor status (until the anchor application flow exists): POST /api/ops/anchors, from
 * a client of their own (no site cookie, so no CSRF question).
 */
async function grantAnchor(ops: APIRequestContext, mobile: string): Promise<void> {
  const response = await ops.post('/api/ops/anchors', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { mobile, is_anchor: 1 } });
  expect(response.ok()).toBe(true);
  expect((await response.json()).code).toBe(200);
}

/** The video's currentTime advances (TOOLCHAIN.md: measure playback by progress, not value). */
async function expectVideoPlaying(page: Page): Promise<void> {
  const video = page.getByTestId('live-video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  const time = () => video.evaluate((element) => (element as HTMLVideoElement).currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0.2);
  const first = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
}

async function sendChat(page: Page, text: string, danmaku: boolean): Promise<void> {
  const danmakuSwitch = page.getByRole('checkbox', { name: '同时发弹幕' });
  if (danmaku) await danmakuSwitch.check();
  else await danmakuSwitch.uncheck();
  await page.getByRole('textbox', { name: '发送消息' }).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('an anchor broadcasts with ffmpeg; viewers watch, chat and send danmaku; the room goes offline when the push stops and recovers when it returns', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    // The anchor: registered, granted anchor status by ops, opens and starts a room.
    const anchor = await newMember(browser);
    await grantAnchor(request, anchor.mobile);
    await anchor.page.goto('/web/#/live?mine=1');
    await anchor.page.reload();
    const createForm = anchor.page.getByTestId('create-room-form');
    await expect(createForm).toBeVisible();
    await createForm.getByLabel('直播标题').fill('周末足球直播');
    await createForm.getByRole('button', { name: '创建直播间' }).click();
    const owner = anchor.page.getByTestId('owner-panel');
    await expect(owner).toBeVisible();
    await owner.getByRole('button', { name: '开始直播' }).click();
    await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();
    const roomId = new URL(anchor.page.url().replace('#/', '')).searchParams.get('id');
    expect(roomId).toMatch(/^[0-9]+$/);

    // The push address from the page, handed to a real encoder.
    await owner.getByRole('button', { name: '获取推流地址' }).click();
    const pushUrl = await anchor.page.getByTestId('push-url').inputValue();
    expect(pushUrl).toMatch(/^rtmp:\/\/.+\/live\/room[0-9]+\?sign=/);
    stream = pushTestStream(pushUrl);

    // A member watches: video plays, the room says it is live.
    const viewer = await newMember(browser);
    await viewer.page.goto(`/web/#/live?id=${roomId}`);
    await expect(viewer.page.getByTestId('live-state')).toHaveText(/直播中/, { timeout: 30_000 });
    await expectVideoPlaying(viewer.page);
    await expect(viewer.page.getByTestId('online-count')).toContainText(/在线\s*5[0-9]/);

    // A guest sees its guest name (SPEC: prefix + id, set 1 s after chat login).
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/web/#/live?id=${roomId}`);
    await expect(guest.getByTestId('my-chat-name')).toContainText(/游客guest_[0-9a-f]+/, { timeout: 20_000 });

    // Chat both ways, and danmaku flying over the video on the other side.
    await sendChat(viewer.page, '观众：这球踢得漂亮', false);
    await expect(chatMessage(anchor.page, '观众：这球踢得漂亮')).toBeVisible({ timeout: 15_000 });
    await expect(chatMessage(guest, '观众：这球踢得漂亮')).toBeVisible({ timeout: 15_000 });
    await sendChat(anchor.page, '主播：谢谢大家', false);
    await expect(chatMessage(viewer.page, '主播：谢谢大家')).toBeVisible({ timeout: 15_000 });
    await sendChat(viewer.page, '弹幕<b>加油</b>', true);
    await expect(anchor.page.getByTestId('danmaku-item').filter({ hasText: '弹幕<b>加油</b>' })).toBeVisible({ timeout: 15_000 });
    // Sent markup stays text: no <b> element was made from it anywhere.
    await expect(anchor.page.locator('[data-testid="chat-messages"] b')).toHaveCount(0);

    // The viewer follows the anchor; the room shows in attention.
    const follow = viewer.page.getByTestId('follow-button');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    // The push stops: the viewer's page shows the room offline.
    await stream.stop();
    stream = null;
    await expect(viewer.page.getByTestId('live-state')).toHaveText(/未开播/, { timeout: 45_000 });

    // The anchor pushes again: the open page recovers by itself, without a reload.
    stream = pushTestStream(pushUrl);
    await expect(viewer.page.getByTestId('live-state')).toHaveText(/直播中/, { timeout: 45_000 });
    await expectVideoPlaying(viewer.page);
    await stream.stop();
    stream = null;

    await viewer.page.goto('/web/#/attention');
    await expect(viewer.page.getByText('周末足球直播')).toBeVisible({ timeout: 15_000 });
  } finally {
    await stream?.stop();
  }
});
