import { expect, test } from '@playwright/test';

test('the home page composes widgets from the scores, live and community remotes', async ({ page }) => {
  await page.goto('/web/#/main');
  const hot = page.getByTestId('widget-hotMatches');
  await expect(hot).toHaveAttribute('data-remote', 'mf-scores');
  // The hot list is the server's seeded top 10.
  await expect(hot.getByRole('link')).toHaveCount(10);
  await expect(page.getByTestId('widget-liveRecommend')).toHaveAttribute('data-remote', 'mf-live');
  await expect(page.getByTestId('widget-headlines')).toHaveAttribute('data-remote', 'mf-community');
});
