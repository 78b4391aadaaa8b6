import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';
import { openRoomPicker } from './support/roomBar';

/**
 * Issue 13, end to end on the real server and database: a member recharges through the sandbox
 * page, opens an anchor's live room and buys a guard (青铜守护, 100 coins a month); the coins drop
 * at once, the room's guard list shows them, and their next chat line carries the guard badge —
 * on their page and on another viewer's. When they come back into the room, the other viewer
 * reads the entry notice `青铜守护·<nickname> 进入直播间`.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'guard-pass-2026';

async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByRole('checkbox', { name: '同时发弹幕' }).uncheck();
  await page.getByRole('textbox', { name: '发送消息' }).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('a member buys a guard: the coins drop, their next chat line carries the badge for everyone, and their return is announced', async ({ browser, request }) => {
  // The anchor: granted by ops, opens a room.
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '守护测试直播间');
  const roomUrl = anchor.url;

  // Another viewer (a guest) watches the room's chat.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(roomUrl);
  await expect(guest.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  await expect(guest.getByTestId('guard-list')).toContainText('暂无守护');

  // The member: 310 coins, then into the room.
  const member = await newMember(browser, PASSWORD);
  await recharge(member.page, member.context);
  const info = await member.page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  const nickname: string = info.data.user_nickname;
  await member.page.goto(roomUrl);
  await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  // 守护 in the bar under the player opens the picker over the video.
  const panel = (await openRoomPicker(member.page, 'guard')).getByTestId('guard-panel');
  // In the room's chat group (its history arrived): joined without a guard, so no entry notice.
  await expect(chatMessage(member.page, '主播开播了')).toBeVisible({ timeout: 20_000 });

  // 青铜守护 for one month: 100 coins.
  await panel.getByTestId('guard-option').filter({ hasText: '青铜守护' }).click();
  await expect(panel.getByTestId('guard-total')).toHaveText('共 100 金币');
  await panel.getByTestId('guard-buy').click();
  await expect(panel.getByTestId('guard-balance')).toHaveText('余额 210');
  await expect(panel.getByTestId('guard-mine')).toContainText('您是本直播间的青铜守护');
  await avatarMenuButton(member.page).hover();
  await expect(member.page.getByRole('banner').getByText(/^余额 \d+$/)).toHaveText('余额 210');
  await expect(member.page.getByTestId('room-guard').filter({ hasText: nickname })).toContainText('青铜守护');

  // The next chat line carries the badge, on their page and on the other viewer's.
  await sendChat(member.page, '我是守护啦');
  const own = chatMessage(member.page, '我是守护啦');
  await expect(own.getByTestId('guard-badge')).toHaveText('青铜守护', { timeout: 15_000 });
  const seen = chatMessage(guest, '我是守护啦');
  await expect(seen.getByTestId('guard-badge')).toHaveText('青铜守护', { timeout: 15_000 });
  await expect(seen).toContainText(nickname);
  // No serious or critical axe violation with the guard panel and the guard list (badges) showing (as tests/accessibility.spec.ts).
  const serious = (await new AxeBuilder({ page: member.page }).include('[data-testid="guard-panel"]').include('[data-testid="guard-list"]').include('[data-testid="chat-messages"]').analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious.map((violation) => [violation.id, violation.nodes.map((node) => node.target)]))).toEqual([]);

  // The purchase was announced in the room.
  await expect(guest.getByTestId('chat-message').filter({ hasText: `${nickname} 开通了 青铜守护 1个月` })).toBeVisible();

  // The guard comes back into the room: the other viewer reads the entry notice.
  await expect(guest.getByTestId('guard-entry-line')).toHaveCount(0);
  await member.page.reload();
  await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  await expect(guest.getByTestId('guard-entry-line').filter({ hasText: `青铜守护·${nickname} 进入直播间` })).toBeVisible({ timeout: 15_000 });

  // The coins really went: the server's profile says 210.
  const after = await member.page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  expect(after.data.balance).toBe(210);
  await guestContext.close();
});
