import { expect } from '@playwright/test';
import { test } from './support/journey';

test('search box: 10 characters at most, hot list, history, opens the search in a new tab', async ({ page, context }) => {
  await page.goto('/web/#/main');
  const box = page.getByRole('searchbox', { name: '搜索' }).or(page.getByRole('textbox', { name: '搜索' })).first();
  await box.fill('一二三四五六七八九十十一');
  await expect(box).toHaveValue('一二三四五六七八九十');

  await box.fill('');
  await box.focus();
  const hot = page.getByText('热门赛事').first();
  await expect(hot).toBeVisible();

  await box.fill('英超');
  const opened = context.waitForEvent('page');
  await box.press('Enter');
  const results = await opened;
  await results.waitForLoadState();
  expect(decodeURIComponent(results.url())).toContain('#/search?name=英超');
  await expect(results.getByRole('heading', { name: '搜索：英超' })).toBeVisible();
  await expect(results.getByTestId('search-matches')).toContainText('英超');

  await page.bringToFront();
  await box.fill('');
  await box.press('Escape');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await box.click();
  await expect(page.getByRole('button', { name: '删除 英超' })).toBeVisible();
  await page.getByRole('button', { name: '删除 英超' }).click();
  await expect(page.getByRole('button', { name: '删除 英超' })).toHaveCount(0);
});
