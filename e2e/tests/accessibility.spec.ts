import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './support/journey';

for (const path of ['main', 'anchor', 'football', 'news', 'member']) {
  test(`#/${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/web/#/${path}`);
    await expect(page.locator('main [data-remote], main [data-testid^="widget-"]').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
