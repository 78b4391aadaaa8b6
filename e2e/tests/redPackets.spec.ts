import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';

/**
 * Issue 35 (red packets, 红包), end to end on the real server and database: an anchor recharges
 * (310 coins) and sends a red packet of 100 coins in 3 shares from the room's 红包 picker; two
 * members in the room grab it (one from the packet falling over the player, one from the picker's
 * list); at expiry the third share goes back to the anchor. playwright.config.ts sets
 * RED_PACKET_EXPIRY_SECONDS=25 (10 minutes in production) and RED_PACKET_SWEEP_SECONDS=1, so the
 * refund comes within seconds; the sums are exact (100 = the two grabs + the refund). The wallet
 * centre's 订单 filtered to 红包 shows each move (发红包 −100, 红包退回 +refund; 抢红包 +share).
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'packet-pass-2026';

async function openRedPackets(page: Page): Promise<Locator> {
  await page.getByRole('group', { name: '互动栏' }).getByRole('button', { name: '红包', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '红包', exact: true });
  await dialog.waitFor({ state: 'visible' });
  return dialog.getByTestId('red-packet-panel');
}

const coinsIn = async (locator: Locator) => Number(/(\d+) 金币/.exec((await locator.textContent()) ?? '')?.[1]);

test('an anchor sends a red packet, two members grab it, and the rest is refunded at expiry', async ({ browser, request }) => {
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '红包测试直播间');
  const roomUrl = anchor.url;
  await recharge(anchor.page, anchor.context);

  // Two members in the room before the packet opens.
  const first = await newMember(browser, PASSWORD);
  const second = await newMember(browser, PASSWORD);
  for (const member of [first, second]) {
    await member.page.goto(roomUrl);
    await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  }

  // The anchor sends 100 coins in 3 shares.
  await anchor.page.goto(roomUrl);
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const panel = await openRedPackets(anchor.page);
  await panel.getByTestId('red-packet-coins').fill('100');
  await panel.getByTestId('red-packet-shares').fill('3');
  await panel.getByTestId('red-packet-submit').click();
  const card = panel.getByTestId('red-packet-card').first();
  await expect(card).toContainText('100 金币 · 3 个', { timeout: 15_000 });
  await expect(card.getByTestId('red-packet-state')).toHaveText('进行中');
  await expect(card.getByTestId('red-packet-grab')).toHaveCount(0);
  const seedHash = (await card.getByTestId('red-packet-seed-hash').textContent()) ?? '';
  expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
  await expect(anchor.page.getByTestId('bar-balance')).toHaveText('余额 210 金币');

  // The first member grabs the packet falling over the player.
  await expect(first.page.getByTestId('red-packet-falling')).toContainText('发了一个红包', { timeout: 15_000 });
  await first.page.getByTestId('red-packet-falling-grab').click();
  const firstResult = first.page.getByTestId('red-packet-result');
  await expect(firstResult).toContainText('你抢到了', { timeout: 15_000 });
  const firstCoins = await coinsIn(firstResult);

  // The second member grabs it from the 红包 picker's list.
  const memberPanel = await openRedPackets(second.page);
  const memberCard = memberPanel.getByTestId('red-packet-card').first();
  await memberCard.getByTestId('red-packet-grab').click();
  await expect(memberCard.getByTestId('red-packet-mine')).toContainText('你抢到了', { timeout: 15_000 });
  const secondCoins = await coinsIn(memberCard.getByTestId('red-packet-mine'));
  expect(firstCoins).toBeGreaterThanOrEqual(1);
  expect(secondCoins).toBeGreaterThanOrEqual(1);
  expect(firstCoins + secondCoins).toBeLessThanOrEqual(99);
  await expect(memberCard.getByTestId('red-packet-progress')).toHaveText('已抢 2/3');

  // At expiry the third share goes back to the anchor: the card says so, with 手气最佳 and the seed.
  const refund = 100 - firstCoins - secondCoins;
  await expect(card.getByTestId('red-packet-state')).toHaveText('已结束', { timeout: 60_000 });
  await expect(card.getByTestId('red-packet-refunded')).toHaveText(`未领取的 ${refund} 金币已退回`);
  await expect(card.getByTestId('red-packet-luckiest')).toHaveCount(1);
  await expect(card.getByTestId('red-packet-grab-line')).toHaveCount(2);
  await expect(card.getByTestId('red-packet-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('bar-balance')).toHaveText(`余额 ${210 + refund} 金币`, { timeout: 20_000 });
  // The members' balances: their grabs.
  for (const [member, coins] of [[first, firstCoins], [second, secondCoins]] as const) {
    await member.page.reload();
    await expect(member.page.getByTestId('bar-balance')).toHaveText(`余额 ${coins} 金币`, { timeout: 20_000 });
  }

  // Each move is a line in the wallet centre's 订单, filtered to 红包: the anchor's packet and refund, a member's grab.
  await anchor.page.goto('/web/#/member?type=3');
  await anchor.page.getByTestId('wallet-tab-orders').click();
  await anchor.page.getByTestId('wallet-order-type').selectOption({ label: '红包' });
  const lineText = (row: Locator) => row.evaluate((item) => `${item.querySelector('strong')?.textContent} ${item.querySelector('[data-testid="wallet-order-amounts"]')?.textContent}`);
  const anchorRows = anchor.page.locator('[data-testid="wallet-order"][data-type="8"]');
  await expect(anchorRows).toHaveCount(2, { timeout: 15_000 });
  expect(await Promise.all((await anchorRows.all()).map(lineText))).toEqual([`红包退回 +${refund} 金币`, '发红包（3份） -100 金币']);
  await expect(anchor.page.locator('[data-testid="wallet-order"]:not([data-type="8"])')).toHaveCount(0);
  await first.page.goto('/web/#/member?type=3');
  await first.page.getByTestId('wallet-tab-orders').click();
  const grabRow = first.page.locator('[data-testid="wallet-order"][data-type="8"]');
  await expect(grabRow).toHaveCount(1, { timeout: 15_000 });
  expect(await lineText(grabRow)).toBe(`抢红包 +${firstCoins} 金币`);
  await expect(grabRow.getByTestId('wallet-order-state')).toHaveText('已完成');
});
