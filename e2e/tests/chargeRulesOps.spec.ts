import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './support/journey';
import { registerThroughApi } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 13, end to end on the real server: ops add a recharge package on the ops page (充值套餐),
 * a member's recharge screen offers it at once, ops take it off sale from its row and the member
 * no longer sees it. The package ends disabled whatever happens (the other journeys count the
 * five seeded packages).
 */
test.describe.configure({ timeout: 90_000 });

interface OpsChargeRule {
  id: number;
  price_fen: number;
  coins: number;
  bonus_coins: number;
  enabled: boolean;
  sort: number;
}

async function disableByPrice(request: APIRequestContext, priceFen: number): Promise<void> {
  const headers = { 'x-ops-token': E2E_OPS_TOKEN };
  const rules = ((await (await request.get('/api/ops/chargeRules', { headers })).json()) as { data: OpsChargeRule[] }).data;
  for (const rule of rules.filter((candidate) => candidate.price_fen === priceFen && candidate.enabled)) {
    const { id, coins, bonus_coins, sort } = rule;
    await request.post('/api/ops/chargeRules', { headers, data: { id, price_fen: priceFen, coins, bonus_coins, enabled: false, sort } });
  }
}

test('ops add a recharge package, members are offered it at once; taken off sale, it is gone', async ({ browser, request }) => {
  const priceFen = randomInt(101, 999);
  const yuan = `${Math.floor(priceFen / 100)}.${String(priceFen % 100).padStart(2, '0')}`;
  try {
    const ops = await (await browser.newContext()).newPage();
    await ops.goto('/web/#/ops?tab=chargeRules');
    await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
    await ops.getByRole('button', { name: '进入' }).click();
    await expect(ops.getByTestId('ops-tab-chargeRules')).toHaveAttribute('aria-selected', 'true');
    await expect(ops.getByRole('table', { name: /充值套餐（共/ })).toBeVisible();
    const form = ops.getByTestId('charge-rule-form');
    await form.getByLabel('价格（元，最多两位小数）').fill(yuan);
    await form.getByLabel('金币数', { exact: true }).fill('88');
    await form.getByLabel('赠送金币数', { exact: true }).fill('8');
    await form.getByLabel('排序（0-9999，小的在前）').fill('0');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByRole('status')).toHaveText('套餐已保存，用户充值页即时生效');
    const row = ops.locator('[data-testid^="charge-rule-row-"]', { hasText: `￥${yuan}` });
    await expect(row).toContainText('上架中');
    const serious = (await new AxeBuilder({ page: ops }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);

    // A member's recharge screen offers it, first (sort 0).
    const memberContext = await browser.newContext();
    await registerThroughApi(memberContext, 'packages-pass-2026');
    const member = await memberContext.newPage();
    await member.goto('/web/#/member?type=1&isRecharge=true');
    const packages = member.getByTestId('recharge-package');
    await expect(packages).toHaveCount(6);
    await expect(packages.first()).toContainText(`¥${yuan}`);

    // Taken off sale from its row: gone for members.
    await row.locator('[data-testid^="charge-rule-toggle-"]').click();
    await expect(row).toContainText('已停用');
    await member.reload();
    await expect(packages).toHaveCount(5);
    await expect(member.getByTestId('recharge-packages')).not.toContainText(`¥${yuan}`);
  } finally {
    await disableByPrice(request, priceFen);
  }
});
