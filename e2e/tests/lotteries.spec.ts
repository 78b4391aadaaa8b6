import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember, recharge } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';

/**
 * Issue 35 (lotteries, 天选时刻), end to end on the real server and database: an anchor recharges
 * (310 coins) and opens a 天选时刻 from the room's 天选 picker — 50 coins for 1 winner, entered by
 * sending the 口令 as a danmaku, a 20 s window; a member in the room sends the 口令 as a danmaku from
 * the chat box and is entered; at the window's end the sweeper draws (playwright.config.ts:
 * LOTTERY_WINDOW_MIN_SECONDS=3, LOTTERY_SWEEP_SECONDS=1), the room announces the winner in the chat,
 * the member's card says 恭喜中奖 and their balance grew by the prize (escrow → member in the ledger);
 * the wallet centre's 订单 filtered to 天选 shows 天选奖品（1名） −50 to the anchor, 天选中奖 +50 to the winner.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'lottery-pass-2026';
const WORD = '天选之子来了';

async function openLotteries(page: Page): Promise<Locator> {
  await page.getByRole('group', { name: '互动栏' }).getByRole('button', { name: '天选时刻', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '天选时刻', exact: true });
  await dialog.waitFor({ state: 'visible' });
  return dialog.getByTestId('lottery-panel');
}

test('an anchor opens a lottery with a 口令 and a coin prize; a member sends the 口令 as a danmaku, wins the draw and is paid', async ({ browser, request }) => {
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '天选测试直播间');
  const roomUrl = anchor.url;
  await recharge(anchor.page, anchor.context);

  const member = await newMember(browser, PASSWORD);
  await member.page.goto(roomUrl);
  await expect(member.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const nickname = ((await member.page.getByTestId('my-chat-name').textContent()) ?? '').replace('你的昵称：', '').trim();
  expect(nickname.length).toBeGreaterThan(0);
  await expect(member.page.getByTestId('bar-balance')).toHaveText('余额 0 金币');

  // The anchor opens it: 50 coins for 1 winner, the 口令, 20 s.
  await anchor.page.goto(roomUrl);
  await expect(anchor.page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  const panel = await openLotteries(anchor.page);
  await panel.getByTestId('lottery-prize-coins').fill('50');
  await panel.getByTestId('lottery-winners-input').fill('1');
  await panel.getByTestId('lottery-window').fill('20');
  await panel.getByTestId('lottery-condition-input').selectOption('password');
  await panel.getByTestId('lottery-password-input').fill(WORD);
  await panel.getByTestId('lottery-submit').click();
  const card = panel.getByTestId('lottery-card').first();
  await expect(card.getByTestId('lottery-prize')).toHaveText('每人 50 金币 · 1 人中奖', { timeout: 15_000 });
  await expect(card.getByTestId('lottery-state')).toHaveText('进行中');
  await expect(card.getByTestId('lottery-condition')).toHaveText(`发送弹幕「${WORD}」参与`);
  await expect(card.getByTestId('lottery-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(anchor.page.getByTestId('bar-balance')).toHaveText('余额 260 金币');

  // The member sees it and sends the 口令 as a danmaku from the chat box.
  const memberPanel = await openLotteries(member.page);
  const memberCard = memberPanel.getByTestId('lottery-card').first();
  await expect(memberCard.getByTestId('lottery-countdown')).toHaveText(/^剩余 00:[01]\d$/, { timeout: 15_000 });
  await memberCard.getByTestId('lottery-condition').waitFor();
  await member.page.keyboard.press('Escape');
  await member.page.getByRole('checkbox', { name: '同时发弹幕' }).check();
  await member.page.getByRole('textbox', { name: '发送消息' }).fill(WORD);
  await member.page.getByRole('button', { name: '发送', exact: true }).click();
  const enteredPanel = await openLotteries(member.page);
  await expect(enteredPanel.getByTestId('lottery-card').first().getByTestId('lottery-entered')).toHaveText('已参与，等待开奖', { timeout: 15_000 });
  await expect(card.getByTestId('lottery-entrants')).toHaveText('1 人参与', { timeout: 15_000 });

  // At the window's end: drawn, the room announces the winner, the member is paid.
  await expect(member.page.getByTestId('chat-message').filter({ hasText: `恭喜 ${nickname} 中奖` })).toBeVisible({ timeout: 60_000 });
  const drawnCard = enteredPanel.getByTestId('lottery-card').first();
  await expect(drawnCard.getByTestId('lottery-state')).toHaveText('已开奖', { timeout: 15_000 });
  await expect(drawnCard.getByTestId('lottery-won')).toHaveText('恭喜中奖');
  await expect(drawnCard.getByTestId('lottery-winner')).toHaveText([`${nickname}（50 金币）`]);
  await expect(drawnCard.getByTestId('lottery-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(anchor.page.getByTestId('chat-message').filter({ hasText: `恭喜 ${nickname} 中奖` })).toBeVisible({ timeout: 15_000 });
  await member.page.reload();
  await expect(member.page.getByTestId('bar-balance')).toHaveText('余额 50 金币', { timeout: 20_000 });
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('bar-balance')).toHaveText('余额 260 金币', { timeout: 20_000 });

  // Each move is a line in the wallet centre's 订单, filtered to 天选: the anchor's prize, the winner's win.
  const lineText = (row: Locator) => row.evaluate((item) => `${item.querySelector('strong')?.textContent} ${item.querySelector('[data-testid="wallet-order-amounts"]')?.textContent}`);
  for (const [page, line] of [[anchor.page, '天选奖品（1名） -50 金币'], [member.page, '天选中奖 +50 金币']] as const) {
    await page.goto('/web/#/member?type=3');
    await page.getByTestId('wallet-tab-orders').click();
    await page.getByTestId('wallet-order-type').selectOption({ label: '天选' });
    const rows = page.locator('[data-testid="wallet-order"][data-type="9"]');
    await expect(rows).toHaveCount(1, { timeout: 15_000 });
    expect(await lineText(rows)).toBe(line);
    await expect(rows.getByTestId('wallet-order-state')).toHaveText('已完成');
    await expect(page.locator('[data-testid="wallet-order"]:not([data-type="9"])')).toHaveCount(0);
  }
});
