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
