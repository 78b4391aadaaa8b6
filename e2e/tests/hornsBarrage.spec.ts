import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';
import { openRoomPicker } from './support/roomBar';

/**
 * Issue 13, horns and barrage end to end on the real server and database: a funded member sends a
 * paid-style danmaku in a room and another viewer there sees it in its colour; a viewer who joins
 * later sees the room's recent danmaku; the member sends a horn and a viewer in a different room
 * sees the banner; the member's balance drops by both prices at once.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'horn-pass-2026';
/** The seeded paid style (migration 0015): 金色置顶, #ffd700, top, 20 coins. */
const GOLD = { name: '金色置顶', rgb: 'rgb(255, 215, 0)', price: 20 };
/** WALLET_HORN_PRICE's default. */
const HORN_PRICE = 100;

/** An anchor with an open room, staying on its page (in its chat); answers the room's URL. */
async function openRoom(browser: Browser, ops: APIRequestContext, title: string): Promise<{ page: Page; url: string }> {
  const anchor = await newAnchorOnAir(browser, ops, PASSWORD, title);
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  return { page: anchor.page, url: anchor.url };
}

test('a paid-style danmaku flies in colour, a late viewer sees the recent ones, a horn reaches another room, the balance drops', async ({ browser, request }) => {
  const roomA = await openRoom(browser, request, '弹幕测试直播间');
  const roomB = await openRoom(browser, request, '喇叭测试直播间');

  // The member: 310 coins, into room A.
  const member = await newMember(browser, PASSWORD);
  await recharge(member.page, member.context);
  await member.page.goto(roomA.url);
  await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const barrage = (await openRoomPicker(member.page, 'barrage')).getByTestId('barrage-panel');
  const gold = barrage.getByTestId('barrage-style').filter({ hasText: GOLD.name });
  await expect(gold).toContainText(`${GOLD.price} 金币`);
  await gold.click();
  await barrage.getByTestId('barrage-input').fill('金色弹幕来了');
  await barrage.getByTestId('barrage-send').click();
  await expect(barrage.getByTestId('barrage-balance')).toHaveText(`余额 ${310 - GOLD.price}`);

  // Another viewer in room A (the anchor's own page) sees it fly in its colour, and in the recent list.
  const flying = roomA.page.getByTestId('danmaku-item').filter({ hasText: '金色弹幕来了' });
  await expect(flying).toBeVisible({ timeout: 10_000 });
  await expect(flying).toHaveCSS('color', GOLD.rgb);
  await expect((await openRoomPicker(roomA.page, 'barrage')).getByTestId('barrage-recent-item').filter({ hasText: '金色弹幕来了' })).toHaveCSS('color', GOLD.rgb);

  // A viewer who joins later (a visitor) sees the room's recent danmaku.
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(roomA.url);
  const recent = (await openRoomPicker(latePage, 'barrage')).getByTestId('barrage-recent-item').filter({ hasText: '金色弹幕来了' });
  await expect(recent).toBeVisible({ timeout: 15_000 });
  await expect(recent).toHaveCSS('color', GOLD.rgb);

  // A horn from room A reaches the viewer in room B as a banner.
  const composer = (await openRoomPicker(member.page, 'horn')).getByTestId('horn-composer');
  await expect(composer.getByTestId('horn-price')).toHaveText(`${HORN_PRICE} 金币 / 条`);
  await composer.getByTestId('horn-input').fill('今晚决赛，全站集合！');
  await composer.getByTestId('horn-send').click();
  const balance = 310 - GOLD.price - HORN_PRICE;
  await expect(composer.getByTestId('horn-balance')).toHaveText(`余额 ${balance}`);
  const banner = roomB.page.getByTestId('horn-banner');
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(banner).toContainText('今晚决赛，全站集合！');

  // The balance dropped by both prices, in the user menu and on the server.
  await avatarMenuButton(member.page).hover();
  await expect(member.page.getByRole('banner').getByText(/^余额 \d+$/)).toHaveText(`余额 ${balance}`);
  const profile = await member.page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  expect(profile.data.balance).toBe(balance);
  await late.close();
});
