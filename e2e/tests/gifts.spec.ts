import { expect } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';
import { openRoomPicker } from './support/roomBar';

/**
 * Issue 13, end to end on the real server and database: a viewer recharges through the sandbox
 * page, opens an anchor's room and sends a gift; the gift is paid from their coins (the new
 * balance in the panel and the user menu at once), and the anchor's own page shows it as a chat
 * line and an animation over the player; the room's contribution board lists the sender.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'gift-pass-2026';

test('a viewer recharges and sends a gift; the anchor sees its chat line and animation; coins and the board follow', async ({ browser, request }) => {
  // The anchor: granted by ops, opens a room and stays on its page.
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '礼物测试直播间');
  const roomUrl = anchor.url;
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });

  // The viewer: 310 coins, then into the room.
  const viewer = await newMember(browser, PASSWORD);
  await recharge(viewer.page, viewer.context);
  await viewer.page.goto(roomUrl);
  await expect(viewer.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  // 礼物 in the bar under the player opens the picker over the video.
  const panel = (await openRoomPicker(viewer.page, 'gifts')).getByTestId('gift-panel');

  // 10 footballs (10 coins each) = 100 coins.
  await panel.getByTestId('gift-option').filter({ hasText: '足球' }).click();
  await panel.getByTestId('gift-count-preset').filter({ hasText: /^10$/ }).click();
  await panel.getByTestId('gift-send').click();
  await expect(panel.getByTestId('gift-balance')).toContainText('210');
  await avatarMenuButton(viewer.page).hover();
  await expect(viewer.page.getByRole('banner').getByText(/^余额 \d+$/)).toHaveText('余额 210');

  // The anchor's page: the chat line and the animation over the player.
  const line = anchor.page.getByTestId('gift-line').filter({ hasText: '足球' });
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line).toContainText('x10');
  await expect(anchor.page.getByTestId('gift-layer').getByTestId('gift-show')).toBeVisible({ timeout: 10_000 });

  // Too much: 1 rocket (1000 coins) is refused with the way to recharge, and nothing is taken.
  await panel.getByTestId('gift-option').filter({ hasText: '火箭' }).click();
  await panel.getByTestId('gift-count-preset').filter({ hasText: /^1$/ }).click();
  await panel.getByTestId('gift-send').click();
  await expect(panel.getByTestId('gift-recharge')).toBeVisible();
  const profile = await viewer.page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  expect(profile.data.balance).toBe(210);

  // The room's contribution board lists the sender.
  await expect(anchor.page.getByTestId('gift-rank-entry').first()).toContainText('100', { timeout: 15_000 });
});
