import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';
import { openRoomPicker } from './support/roomBar';

/**
 * Issue 35 (fan medals, 粉丝勋章), end to end on the real server and database: a member recharges,
 * opens an anchor's room and gifts 10 footballs (100 coins: 10 intimacy, LV2); the anchor has named
 * the medal in the console; the member wears it in the member centre (粉丝勋章, type 5), and their
 * next chat line, sent from another tab, carries the medal with its level for everyone in the room;
 * the anchor's page lists them on the 粉丝榜.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'medal-pass-2026';

async function sendChat(page: Page, text: string): Promise<void> {
  await page.getByRole('checkbox', { name: '同时发弹幕' }).uncheck();
  await page.getByRole('textbox', { name: '发送消息' }).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('a member gifts, their medal reaches level 2, and it shows on their chat line in another tab', async ({ browser, request }) => {
  // The anchor: granted by ops, opens a room, names the medal in the console.
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '勋章测试直播间');
  const roomUrl = anchor.url;
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const nameSetting = anchor.page.getByTestId('medal-name');
  await nameSetting.getByRole('button', { name: '设置粉丝勋章' }).click();
  await nameSetting.getByLabel('勋章名称', { exact: true }).fill('勋章团');
  await nameSetting.getByRole('button', { name: '保存名称' }).click();
  await expect(nameSetting.getByText('当前名称：勋章团')).toBeVisible();

  // The member: 310 coins, then into the room; 10 footballs (10 coins each) = 100 coins = 10 intimacy.
  const member = await newMember(browser, PASSWORD);
  await recharge(member.page, member.context);
  await member.page.goto(roomUrl);
  await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const panel = (await openRoomPicker(member.page, 'gifts')).getByTestId('gift-panel');
  await panel.getByTestId('gift-option').filter({ hasText: '足球' }).click();
  await panel.getByTestId('gift-count-preset').filter({ hasText: /^10$/ }).click();
  await panel.getByTestId('gift-send').click();
  await expect(panel.getByTestId('gift-balance')).toContainText('210');

  // The member centre lists the medal at LV2; the member wears it.
  const centre = await member.context.newPage();
  await centre.goto('/web/#/member?type=5');
  const medal = centre.getByTestId('medal-item').first();
  await expect(medal.getByRole('img', { name: '粉丝勋章 勋章团 2级' })).toBeVisible({ timeout: 20_000 });
  await expect(medal).toContainText('亲密度 10 / 30');
  await medal.getByRole('button', { name: '佩戴「勋章团」' }).click();
  await expect(medal).toContainText('佩戴中');

  // Another tab of the member: their chat line carries the medal and its level, for them and the anchor.
  const tab = await member.context.newPage();
  await tab.goto(roomUrl);
  await expect(tab.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  await expect(chatMessage(tab, '主播开播了')).toBeVisible({ timeout: 20_000 });
  await sendChat(tab, '戴上勋章啦');
  for (const page of [tab, anchor.page]) {
    const line = chatMessage(page, '戴上勋章啦');
    await expect(line).toBeVisible({ timeout: 15_000 });
    await expect(line.getByRole('img', { name: '粉丝勋章 勋章团 2级' })).toBeVisible();
  }

  // The room's 粉丝榜 lists the member first: 10 from the gifts, and +1 for the chat line once the
  // lines are counted (written once a second), so 10 or 11 depending on when the list is read.
  await anchor.page.getByRole('button', { name: '粉丝榜' }).click();
  const first = anchor.page.getByTestId('fans-popover').getByTestId('fan-row').first();
  await expect(first).toContainText(/亲密度 1[01]$/);
  await expect(first.getByRole('img', { name: '粉丝勋章 勋章团 2级' })).toBeVisible();
});
