import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, registerOnPage } from './support/accounts';

/**
 * Issue 13, end to end on the real server and database: a new member opens the recharge screen
 * (member type 1 with isRecharge=true), picks the ¥30.00 package (300 coins + 10 bonus), 去支付
 * opens the sandbox gateway's page in a new tab, they pay there, and the first tab, which polls
 * the order, shows 充值成功 with the new balance; the host's user menu shows it too, without a reload.
 */
test.describe.configure({ timeout: 120_000 });

/** No serious or critical axe violation on the page as it is now (as tests/accessibility.spec.ts). */
async function expectNoSeriousViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member recharges through the sandbox page and sees the new balance here and in the user menu', async ({ page, context }) => {
  await page.goto('/web/#/main');
  await registerOnPage(page, 'recharge-pass-2026');

  await page.goto('/web/#/member?type=1&isRecharge=true');
  await expect(page.getByTestId('wallet-balance')).toHaveText('0');
  const packages = page.getByTestId('recharge-packages');
  await expect(packages).toBeFocused();
  await expect(page.getByTestId('recharge-package')).toHaveCount(5);
  await expectNoSeriousViolation(page);
  await packages.getByRole('radio', { name: /¥30\.00/ }).check();

  const payPagePromise = context.waitForEvent('page');
  await page.getByTestId('recharge-pay').click();
  const payPage = await payPagePromise;
  await expect(page.getByTestId('recharge-state')).toHaveAttribute('data-state', 'pending');
  await payPage.waitForLoadState();
  expect(new URL(payPage.url()).pathname).toMatch(/^\/pay\/sandbox\/R\d{24}$/);
  // The sandbox 收银台: the amount in 元 and what it buys.
  await expect(payPage.getByRole('region', { name: '支付金额' })).toContainText('30.00元');
  await expect(payPage.getByText('充值 310 金币')).toBeVisible();
  await payPage.getByRole('button', { name: '确认支付' }).click();
  await expect(payPage.getByText('支付成功，请回到原页面查看余额')).toBeVisible();

  await page.bringToFront();
  await expect(page.getByTestId('recharge-success')).toHaveText('充值成功，当前余额 310', { timeout: 15_000 });
  await expect(page.getByTestId('recharge-state')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByTestId('wallet-balance')).toHaveText('310');
  await expect(page.getByTestId('order-item').first()).toHaveAttribute('data-state', 'paid');
  await expectNoSeriousViolation(page);

  // The user menu (the host's) shows the new balance at once: no reload happened.
  await avatarMenuButton(page).hover();
  await expect(page.getByText(/^余额 \d+$/)).toHaveText('余额 310');
});
