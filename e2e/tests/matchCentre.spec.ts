import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { expectNoHorizontalScroll, phoneContext } from './support/phones';
import { demoRoomWithLiveMatch } from './support/roomMatches';

/**
 * Issue 36, the match centre on #/score-detail (web and /h5), against the real server: the demo
 * feed runs at 60x in e2e (a match minute a second), so shots, goals and rating changes come
 * while the journey watches, over the live-data socket's match_centre deltas (no reload).
 */
test.describe.configure({ timeout: 240_000 });

/** A football match in play with a room on it, and the match page open on it. */
async function openFootballMatch(page: Page, request: APIRequestContext, shell: 'web' | 'h5') {
  const room = await demoRoomWithLiveMatch(request, 1, (matchStr) => /^\d+'$/.test(matchStr) && Number.parseInt(matchStr, 10) < 60);
  await page.goto(`/${shell}/#/score-detail?id=${room.matchId}`);
  await expect(page.getByTestId('detail-score')).toBeVisible({ timeout: 30_000 });
  return room;
}

test('web: the match page links 看直播 to the room showing the match, and it opens the room', async ({ page, request }) => {
  const room = await openFootballMatch(page, request, 'web');
  const watch = page.locator(`[data-testid="match-live-rooms"] a[href="#/live?id=${room.roomId}"]`);
  await expect(watch).toBeVisible({ timeout: 30_000 });
  await expect(watch).toHaveText(/^看直播/);
  await watch.click();
  await expect(page).toHaveURL(new RegExp(`#/live\\?id=${room.roomId}$`));
  await expect(page.locator('[data-remote="mf-live"]').first()).toBeVisible({ timeout: 30_000 });
});


test('phone (/h5): 看直播 on the match page opens the room showing the match', async ({ browser, request }) => {
  const context = await phoneContext(browser, 'iPhone 13');
  const page = await context.newPage();
  const room = await openFootballMatch(page, request, 'h5');
  const watch = page.locator(`[data-testid="match-live-rooms"] a[href="#/live?id=${room.roomId}"]`);
  await expect(watch).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await watch.tap();
  await expect(page).toHaveURL(new RegExp(`/h5/#/live\\?id=${room.roomId}$`));
  await expect(page.locator('[data-remote="mf-live"]').first()).toBeVisible({ timeout: 30_000 });
});
