import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { expectNoHorizontalScroll, expectTouchTargets, phoneContext } from './support/phones';
import { newAnchorOnAir } from './support/anchors';

/**
 * Issue 35 (points, 积分), end to end on the real server and database: a member checks in on the
 * member centre's points page (member?type=4), watches an anchor's live room and chats there, and
 * the points page then shows the three earnings in the balance, the tasks and the history. The
 * server counts watching from the chat presence in real time: playwright.config.ts sets
 * POINTS_WATCH_INTERVAL_SECONDS=4 (one watch award per 4 s watched instead of 10 minutes),
 * POINTS_WATCH_TICK_SECONDS=1 and one watch award a day, so the sum is exact.
 */
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'points-pass-2026';

async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByRole('checkbox', { name: '同时发弹幕' }).uncheck();
  await page.getByRole('textbox', { name: '发送消息' }).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

test('a member checks in, watches and chats, and their points grow', async ({ browser, request }) => {
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '积分测试直播间');
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });

  // Check in on the points page: 0 → 5, and the rule about money is there.
  const member = await newMember(browser, PASSWORD);
  const points = member.page;
  await points.goto('/web/#/member?type=4');
  await expect(points.getByRole('heading', { level: 1, name: '我的积分' })).toBeVisible({ timeout: 20_000 });
  await expect(points.getByTestId('points-balance')).toHaveText('0 积分');
  await expect(points.getByTestId('points-rule')).toHaveText('积分不能用金钱购买，也不能提现或兑换成金币。');
  await points.getByRole('button', { name: '每日签到' }).click();
  await expect(points.getByTestId('points-checkin-done')).toHaveText('签到成功，+5 积分（已连续签到 1 天）');
  await expect(points.getByTestId('points-balance')).toHaveText('5 积分');
  await expect(points.getByTestId('points-checkin')).toHaveText('今日已签到');
  await expect(points.getByTestId('points-checkin')).toBeDisabled();

  // Watch the anchor's room (in another tab) and say something there.
  const room = await member.context.newPage();
  await room.goto(anchor.url);
  await expect(room.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  // In the room's chat group (the history's last line shown): from now on the server sees the member watching.
  await expect(room.getByTestId('chat-message').filter({ hasText: '主播开播了' })).toBeVisible({ timeout: 20_000 });
  await sendChat(room, '签到看球两不误');
  await expect(room.getByTestId('chat-message').filter({ hasText: '签到看球两不误' })).toBeVisible({ timeout: 15_000 });

  // The points page, read again until the watch award (4 s of watching, counted by the server) has landed.
  await expect(async () => {
    await points.reload();
    await expect(points.getByTestId('points-balance')).toHaveText('16 积分', { timeout: 3_000 });
  }).toPass({ timeout: 45_000, intervals: [2_000] });
  await expect(points.getByTestId('points-task-watch-progress')).toHaveText('已完成 · 今日 +10');
  await expect(points.getByTestId('points-task-chat-progress')).toHaveText('1/20 · 今日 +1');
  await expect(points.getByTestId('points-earned-today')).toHaveText('今日已获得 16 积分');
  const lines = points.getByTestId('points-line');
  await expect(lines).toHaveCount(3);
  // The watch and chat lines may land in either order; each is there once.
  expect((await lines.getByTestId('points-line-kind').allTextContents()).sort()).toEqual(['发言互动', '每日签到', '观看直播'].sort());
  await expect(lines.filter({ hasText: '每日签到' }).getByTestId('points-line-amount')).toHaveText('+5');
  await expect(lines.filter({ hasText: '观看直播' }).getByTestId('points-line-amount')).toHaveText('+10');
  await expect(lines.filter({ hasText: '发言互动' }).getByTestId('points-line-amount')).toHaveText('+1');
  // The check-in is the oldest line.
  await expect(lines.last()).toContainText('每日签到');

  await room.close();

  // The same page on a phone (/h5): the balance, the done check-in, the tasks; one column, phone-sized targets.
  const phone = await phoneContext(browser, 'Pixel 7', { storageState: await member.context.storageState() });
  const mobile = await phone.newPage();
  await mobile.goto('/h5/#/member?type=4');
  await expect(mobile.getByTestId('points-balance')).toHaveText('16 积分', { timeout: 30_000 });
  await expect(mobile.getByTestId('points-checkin')).toHaveText('今日已签到');
  await expect(mobile.getByRole('progressbar', { name: '观看直播' })).toBeVisible();
  await expectNoHorizontalScroll(mobile);
  await expectTouchTargets(mobile, 'mf-member');
  await phone.close();
});
