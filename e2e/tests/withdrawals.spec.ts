import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, newMember, recharge } from './support/accounts';
import { grantAnchor, startOwnRoom } from './support/anchors';
import { uniqueIdNumber } from './support/idNumber';
import { E2E_OPS_TOKEN } from './support/rolloutOps';
import { waitForSmsCode } from './support/smsOutbox';
import { openRoomPicker } from './support/roomBar';

/**
 * Issue 13, end to end on the real server and database: an anchor earns from a viewer's gifts
 * (the viewer recharged through the sandbox page), converts some earnings into coins, sets a
 * payment password, binds a bank card in their verified name and asks for a withdrawal; ops
 * approve it on the ops page; the anchor sees it paid in the withdrawal records and the orders.
 * A second withdrawal ops reject with a reason: the earnings come back. Last, the anchor changes
 * the payment password with an SMS code.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'withdraw-pass-2026';
const REAL_NAME = '李四';
const PAYMENT_PASSWORD = '482913';
/** A Luhn-valid test card number (19 digits are allowed; this one is 16). */
const CARD_NUMBER = '6222 0200 0000 0007';

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an anchor converts earnings, binds a card and asks for withdrawals; ops approve one (paid) and reject another (earnings back)', async ({ browser, request }) => {
  // ---- The anchor: verified real name, granted by ops, a room on air. ----
  const anchor = await newMember(browser, PASSWORD);
  await anchor.page.goto('/web/#/member?type=7');
  const verify = anchor.page.getByTestId('verify-form');
  await verify.getByTestId('real-name-input').fill(REAL_NAME);
  await verify.getByTestId('id-number-input').fill(uniqueIdNumber());
  await verify.getByTestId('verify-submit').click();
  await expect(anchor.page.getByTestId('apply-form')).toBeVisible();
  await grantAnchor(request, anchor.mobile);
  const { url: roomUrl } = await startOwnRoom(anchor.page, '提现测试直播间');

  // ---- A viewer recharges 1030 coins and sends 10 trophies (1000 coins): the anchor earns half, 500. ----
  const viewer = await newMember(browser, PASSWORD);
  // ¥98.00 buys 1030 coins (980 + 50 bonus).
  await recharge(viewer.page, viewer.context, { yuan: '98.00', balanceAfter: 1030 });
  await viewer.page.goto(roomUrl);
  const panel = (await openRoomPicker(viewer.page, 'gifts')).getByTestId('gift-panel');
  await panel.getByTestId('gift-option').filter({ hasText: '奖杯' }).click();
  await panel.getByTestId('gift-count-preset').filter({ hasText: /^10$/ }).click();
  await panel.getByTestId('gift-send').click();
  await expect(panel.getByTestId('gift-balance')).toHaveText(/(^|\D)30(\D|$)/);
  await viewer.context.close();

  // ---- The wallet centre: 500 earning coins; convert 20 into 20 coins (the user menu follows). ----
  await anchor.page.goto('/web/#/member?type=3');
  await expect(anchor.page.getByRole('heading', { level: 1, name: '钱包中心' })).toBeVisible();
  await expect(anchor.page.getByTestId('wallet-earnings')).toHaveText('500 收益币');
  await expect(anchor.page.getByTestId('wallet-coins')).toHaveText('0 金币');
  await anchor.page.getByLabel('兑换数量（收益币）').fill('20');
  await expect(anchor.page.getByTestId('conversion-preview')).toHaveText('可得 20 金币');
  await anchor.page.getByTestId('conversion-submit').click();
  await expect(anchor.page.getByTestId('conversion-done')).toHaveText('已兑换：20 收益币 → 20 金币');
  await expect(anchor.page.getByTestId('wallet-earnings')).toHaveText('480 收益币');
  await expect(anchor.page.getByTestId('wallet-coins')).toHaveText('20 金币');
  await avatarMenuButton(anchor.page).hover();
  await expect(anchor.page.getByRole('banner').getByText(/^余额 \d+$/)).toHaveText('余额 20');
  await expect(anchor.page.getByTestId('wallet-order').filter({ hasText: '兑换' }).first()).toBeVisible();

  // ---- 提现 asks for what is missing first: a payout account. ----
  await anchor.page.getByTestId('wallet-tab-withdraw').click();
  await expect(anchor.page.getByTestId('withdraw-needs')).toHaveAttribute('data-need', 'account');
  await expect(anchor.page.getByTestId('withdraw-rules')).toContainText('单笔最低 ¥10.00');

  // ---- Bind a card: a mistyped number is caught in the page; a holder other than the verified name is refused by the server. ----
  await anchor.page.getByTestId('wallet-tab-cards').click();
  const cardForm = anchor.page.getByTestId('bank-card-form');
  await cardForm.getByLabel('银行卡号').fill('6222 0200 0000 0008');
  await cardForm.getByLabel('开户银行').fill('招商银行');
  await cardForm.getByLabel('持卡人姓名').fill('王五');
  await cardForm.getByTestId('card-bind').click();
  await expect(cardForm.getByText('银行卡号校验不通过，请检查是否输错')).toBeVisible();
  await cardForm.getByLabel('银行卡号').fill(CARD_NUMBER);
  await cardForm.getByTestId('card-bind').click();
  await expect(cardForm.getByTestId('card-error')).toHaveText('收款人姓名与实名认证的姓名不一致');
  await cardForm.getByLabel('持卡人姓名').fill(REAL_NAME);
  await cardForm.getByTestId('card-bind').click();
  await expect(anchor.page.getByTestId('bank-card')).toContainText('招商银行 **** **** **** 0007');
  await expect(anchor.page.getByTestId('bank-card')).not.toContainText('6222');

  // ---- Set the payment password. ----
  await anchor.page.getByTestId('wallet-tab-password').click();
  await expect(anchor.page.getByTestId('payment-password-state')).toHaveAttribute('data-set', '0');
  await anchor.page.getByTestId('payment-password').fill(PAYMENT_PASSWORD);
  await anchor.page.getByTestId('payment-again').fill(PAYMENT_PASSWORD);
  await anchor.page.getByTestId('payment-password-save').click();
  await expect(anchor.page.getByTestId('payment-password-saved')).toHaveText('支付密码已设置');
  await expect(anchor.page.getByTestId('payment-password-state')).toHaveAttribute('data-set', '1');

  // ---- Withdraw ¥10.00 (100 earning coins) to the card: a wrong password first, then the right one. ----
  await anchor.page.getByTestId('wallet-tab-withdraw').click();
  await expect(anchor.page.getByTestId('withdrawable')).toHaveText('当前可提现 ¥48.00');
  await anchor.page.getByTestId('withdraw-amount').fill('10');
  await anchor.page.getByTestId('withdraw-submit').click();
  const prompt = anchor.page.getByTestId('withdraw-password-prompt');
  await expect(prompt).toContainText('提现 ¥10.00 到 银行卡 招商银行（尾号 0007）');
  await expectAccessible(anchor.page);
  await prompt.getByTestId('withdraw-password').fill('000000');
  await prompt.getByTestId('withdraw-confirm').click();
  await expect(prompt.getByTestId('withdraw-error')).toHaveText('支付密码错误，还可尝试 4 次');
  await prompt.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await prompt.getByTestId('withdraw-confirm').click();
  await expect(anchor.page.getByTestId('withdraw-applied')).toHaveText('提现申请已提交：¥10.00，等待审核');
  const item = anchor.page.getByTestId('withdrawal-item').first();
  await expect(item).toHaveAttribute('data-state', 'pending');
  await expect(item.getByTestId('withdrawal-state')).toHaveText('审核中');
  const orderNo = await item.getAttribute('data-order-no');
  expect(orderNo).toMatch(/^W\d{24}$/);
  await expect(anchor.page.getByTestId('withdrawable')).toHaveText('当前可提现 ¥38.00');

  // ---- Ops approve it on the ops page. ----
  const opsPage = await (await browser.newContext()).newPage();
  await opsPage.goto('/web/#/ops?tab=withdrawals');
  await opsPage.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await opsPage.getByRole('button', { name: '进入' }).click();
  const row = opsPage.getByTestId('ops-withdrawals').locator(`tr[data-order-no="${orderNo}"]`);
  await expect(row).toHaveAttribute('data-state', 'pending');
  await expect(row).toContainText('¥10.00');
  await expect(row).toContainText('**** **** **** 0007');
  await row.locator('[data-testid^="withdrawal-approve-"]').click();
  await expect(row.locator('[data-testid^="withdrawal-outcome-"]')).toHaveText('已通过，标记为已打款');
  await expect(row.locator('[data-testid^="withdrawal-state-"]')).toHaveText('已打款');
  await expect(row.locator('[data-testid^="withdrawal-audit-"]')).not.toHaveText('—');
  await expectAccessible(opsPage);

  // ---- The anchor sees it paid, and asks for ¥20.00 more. ----
  await anchor.page.reload();
  const paid = anchor.page.locator(`[data-testid="withdrawal-item"][data-order-no="${orderNo}"]`);
  await expect(paid).toHaveAttribute('data-state', 'paid');
  await expect(paid.getByTestId('withdrawal-state')).toHaveText('已打款');
  await anchor.page.getByTestId('withdraw-amount').fill('20');
  await anchor.page.getByTestId('withdraw-submit').click();
  await anchor.page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await anchor.page.getByTestId('withdraw-confirm').click();
  await expect(anchor.page.getByTestId('withdraw-applied')).toHaveText('提现申请已提交：¥20.00，等待审核');
  await expect(anchor.page.getByTestId('withdrawable')).toHaveText('当前可提现 ¥18.00');
  const secondNo = await anchor.page.getByTestId('withdrawal-item').first().getAttribute('data-order-no');
  expect(secondNo).not.toBe(orderNo);

  // ---- Ops reject it with a reason. ----
  await opsPage.getByRole('button', { name: '刷新' }).click();
  const second = opsPage.getByTestId('ops-withdrawals').locator(`tr[data-order-no="${secondNo}"]`);
  await expect(second).toHaveAttribute('data-state', 'pending');
  await second.locator('[data-testid^="withdrawal-reject-reason-"]').fill('银行卡信息有误');
  await second.getByRole('button', { name: '驳回', exact: true }).click();
  await expect(second.locator('[data-testid^="withdrawal-state-"]')).toHaveText('已驳回：银行卡信息有误');

  // ---- The earnings are back; the records and the orders filtered to 提现 say what happened to each. ----
  await anchor.page.reload();
  await expect(anchor.page.getByTestId('withdrawable')).toHaveText('当前可提现 ¥38.00');
  const rejected = anchor.page.locator(`[data-testid="withdrawal-item"][data-order-no="${secondNo}"]`);
  await expect(rejected).toHaveAttribute('data-state', 'rejected');
  await expect(rejected).toContainText('驳回原因：银行卡信息有误');
  await anchor.page.getByTestId('wallet-tab-orders').click();
  await anchor.page.getByTestId('wallet-order-type').selectOption({ label: '提现' });
  const order = anchor.page.locator(`[data-testid="wallet-order"][data-order-no="${orderNo}"]`);
  await expect(order.getByTestId('wallet-order-state')).toHaveText('已打款');
  await expect(order.getByTestId('wallet-order-amounts')).toHaveText('¥10.00');
  await expect(anchor.page.locator(`[data-testid="wallet-order"][data-order-no="${secondNo}"]`).getByTestId('wallet-order-state')).toHaveText('已驳回');
  await anchor.page.getByTestId('wallet-tab-overview').click();
  await expect(anchor.page.getByTestId('wallet-earnings')).toHaveText('380 收益币');
  await expectAccessible(anchor.page);

  // ---- Change the payment password: an SMS code to the anchor's own mobile, then 60 s before another. ----
  await anchor.page.getByTestId('wallet-tab-password').click();
  await anchor.page.getByTestId('payment-password').fill('731906');
  await anchor.page.getByTestId('payment-again').fill('731906');
  const send = anchor.page.getByTestId('payment-code-send');
  await send.click();
  await expect(send).toBeDisabled();
  await expect(send).toHaveText(/^(60|59|58) 秒后重发$/);
  await anchor.page.getByTestId('payment-code').fill(await waitForSmsCode(anchor.mobile, { type: 2 }));
  await anchor.page.getByTestId('payment-password-save').click();
  await expect(anchor.page.getByTestId('payment-password-saved')).toHaveText('支付密码已修改');
});
