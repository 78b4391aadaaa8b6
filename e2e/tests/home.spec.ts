import { expect } from '@playwright/test';
import { test } from './support/journey';

test('the home page composes widgets from the scores, live and community remotes', async ({ page }) => {
  await page.goto('/web/#/main');
  const hot = page.getByTestId('widget-hotMatches');
  // The remotes load at run time; on a busy machine that takes a while.
  await expect(hot).toHaveAttribute('data-remote', 'mf-scores', { timeout: 30_000 });
  // Matches (teams, score, state) first; then the hot competitions, the server's seeded top 10.
  await expect(hot.getByTestId('hot-match').first()).toBeVisible();
  await expect(hot.getByTestId('hot-competitions').getByRole('link')).toHaveCount(10);
  await expect(page.getByTestId('widget-liveRecommend')).toHaveAttribute('data-remote', 'mf-live');
  await expect(page.getByTestId('widget-headlines')).toHaveAttribute('data-remote', 'mf-community');
});

test('a widget below the first screen (为你推荐) loads when the visitor scrolls near it, not with the page', async ({ page }) => {
  // A short screen: the grid's first row (the hot matches, 590 px and more) fills it, so the
  // 为你推荐 row (WidgetMeta.loadNearScreen) starts more than NEAR_SCREEN_MARGIN_PX below it.
  await page.setViewportSize({ width: 1280, height: 400 });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/web/#/main');
  await expect(page.getByTestId('widget-liveRecommend')).toHaveAttribute('data-remote', 'mf-live', { timeout: 30_000 });
  await expect(page.getByTestId('widget-hotMatches').getByTestId('hot-match').first()).toBeVisible();
  const area = page.locator('[data-widget-area="forYou"]');
  await expect(area.locator('[data-loading]')).toHaveCount(1);
  expect(asked.filter((path) => /widget-forYou\.|api\/Recommend\/rooms/.test(path))).toEqual([]);

  await area.scrollIntoViewIfNeeded();
  // Loaded: its code and its data asked for, its loading gone (a guest's row may be empty, then
  // the area takes no cell).
  await expect.poll(() => asked.some((path) => /\/widget-forYou\.[0-9a-f]+\.js$/.test(path)), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => asked.some((path) => path.endsWith('/api/Recommend/rooms')), { timeout: 30_000 }).toBe(true);
  await expect(area.locator('[data-loading]')).toHaveCount(0, { timeout: 30_000 });
});
