import { expect } from '@playwright/test';
import { test } from './support/journey';
import { EXPECTED_ROUTES, SITE_TITLE_SUFFIX } from './support/expectedRoutes';

test('the root redirects to #/main', async ({ page }) => {
  await page.goto('/web/');
  await expect(page).toHaveURL(/\/web\/#\/main$/);
  await expect(page).toHaveTitle(`首页${SITE_TITLE_SUFFIX}`);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/web/#/no-such-page');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});

for (const route of EXPECTED_ROUTES) {
  test(`#/${route.path} shows its title, nav highlight and its owner's page`, async ({ page }) => {
    await page.goto(`/web/#/${route.path}`);
    await expect(page).toHaveTitle(`${route.title}${SITE_TITLE_SUFFIX}`);

    const highlighted = page.locator('header [data-nav-index][aria-current="page"]');
    if (route.navIndex === null) {
      await expect(highlighted).toHaveCount(0);
    } else {
      await expect(highlighted.first()).toBeVisible();
      const indexes = await highlighted.evaluateAll((items) => items.map((item) => item.getAttribute('data-nav-index')));
      expect(new Set(indexes)).toEqual(new Set([String(route.navIndex)]));
    }

    if (route.owner !== 'host') {
      await expect(page.locator(`main [data-remote="${route.owner}"]`).first()).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    }
  });
}
