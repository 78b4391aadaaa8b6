import { expect } from '@playwright/test';
import { test } from './support/journey';

test('a narrow screen (500 px or less) is sent to the same page on the mobile site /h5/', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 480, height: 800 } });
  const page = await context.newPage();
  // The page as served (before the app names the route): the mobile shell's title.
  const mobilePage = page.waitForResponse((response) => new URL(response.url()).pathname === '/h5/');
  await page.goto('/web/#/main');
  await page.waitForURL('**/h5/#/main');
  expect(await (await mobilePage).text()).toContain('<title>体育直播 - 移动版</title>');
  await expect(page.locator('#root > [data-layout="h5"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  await context.close();
});

test('501 px wide stays on the desktop site', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 501, height: 800 } });
  const page = await context.newPage();
  await page.goto('/web/#/main');
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/web/');
  await context.close();
});

test('a 992 px viewport uses the mobile layout, a wider one the desktop layout', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 992, height: 800 } });
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const root = page.locator('#root > [data-layout]');
  await expect(root).toHaveAttribute('data-layout', 'mobile');
  // The nav collapses behind its menu button on the mobile layout.
  await expect(page.locator('header nav').first()).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(root).toHaveAttribute('data-layout', 'desktop');
  await expect(page.locator('header nav').first()).toBeVisible();
  await context.close();
});

for (const path of ['main', 'football', 'basketball']) {
  test(`the header hides when #/${path} is scrolled beyond 60 px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 360 } });
    const page = await context.newPage();
    await page.goto(`/web/#/${path}`);
    const header = page.locator('header').first();
    await expect(header).toBeVisible();
    await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'));
    await page.evaluate(() => window.scrollTo(0, 61));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).not.toHaveAttribute('data-hidden', 'true');
    await context.close();
  });
}

test('the header stays on other pages when scrolled', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 360 } });
  const page = await context.newPage();
  await page.goto('/web/#/anchor');
  await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'));
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.waitForTimeout(200);
  await expect(page.locator('header').first()).not.toHaveAttribute('data-hidden', 'true');
  await context.close();
});
