import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { expectVideoPlaying } from './support/playback';
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
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '周末足球直播');
    const { roomId } = anchor;

    // The push address from the page, handed to a real encoder.
    const pushUrl = await readPushUrl(anchor.page);
    stream = pushTestStream(pushUrl);

    // A member watches: video plays, the room says it is live.
    const viewer = await newMember(browser, PASSWORD);
    await viewer.page.goto(`/web/#/live?id=${roomId}`);
    await expect(viewer.page.getByTestId('live-state')).toHaveText(/直播中/, { timeout: 30_000 });
    await expectVideoPlaying(viewer.page);
    await expect(viewer.page.getByTestId('online-count')).toContainText(/在线\s*5[0-9]/);

    // A guest is told it watches as a guest (its chat identity, prefix + id, is set 1 s after chat login; never shown raw).
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/web/#/live?id=${roomId}`);
    await expect(guest.getByTestId('my-chat-name')).toContainText('你正在以游客身份观看', { timeout: 20_000 });

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

    // The push stops: the viewer's page shows the room offline (the anchor did not end it: 主播暂时离开).
    await stream.stop();
    stream = null;
    await expect(viewer.page.getByTestId('live-state')).toHaveText(/主播暂时离开/, { timeout: 45_000 });

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
