import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { boardScores } from './support/scoresProbe';
import { expectNoHorizontalScroll, expectTouchTargets, phoneContext, type PhoneName } from './support/phones';

/**
 * Issue 17, live scores on a phone (/h5): the football and basketball boards in one column (each
 * match a card: no table to scroll sideways), updated live by the socket without a reload, a goal
 * popup on screen, and the match detail a tap away. The demo feed runs fast in e2e
 * (playwright.config.ts: FEED_SPEED=60), so scores change and goals come every few seconds.
 */
test.describe.configure({ timeout: 180_000 });

const GOAL_WAIT_MS = 90_000;

/** Each match row is a card as wide as the board, inside the screen; home, score and away on one line. */
async function expectOneColumnCards(page: Page): Promise<void> {
  const rows = page.getByTestId('match-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const layout = await rows.evaluateAll((elements) =>
    elements.slice(0, 5).map((row) => {
      const box = row.getBoundingClientRect();
      const cell = (col: string) => row.querySelector(`[data-col="${col}"]`)?.getBoundingClientRect();
      const home = cell('home');
      const score = cell('score');
      const away = cell('away');
      return {
        right: box.right,
        width: box.width,
        viewport: document.documentElement.clientWidth,
        sameLine: !!home && !!score && !!away && Math.abs(home.top - score.top) < 24 && Math.abs(away.top - score.top) < 24,
        ordered: !!home && !!score && !!away && home.right <= score.left + 1 && score.right <= away.left + 1,
      };
    }),
  );
  expect(layout.length).toBeGreaterThan(0);
  for (const row of layout) {
    expect(row.right).toBeLessThanOrEqual(row.viewport);
    expect(row.width).toBeGreaterThan(row.viewport * 0.7);
    expect(row.sameLine).toBe(true);
    expect(row.ordered).toBe(true);
  }
}

test('on an iPhone the football board is one column of cards, changes a score live without a reload, and pops up a goal', async ({ browser }) => {
  const context = await phoneContext(browser, 'iPhone 13');
  const page = await context.newPage();
  let listRequests = 0;
  page.on('request', (asked) => {
    if (asked.url().includes('/api/hot_match/all_match')) listRequests += 1;
  });
  await page.goto('/h5/#/football');
  await expectOneColumnCards(page);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live-status', 'open');
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-scores', '[data-testid="match-score"]');

  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
  const requestsAtStart = listRequests;
  const scores = () => boardScores(page);
  const initial = await scores();
  await expect
    .poll(
      async () => {
        const now = await scores();
        return Object.keys(initial).some((id) => now[id] !== undefined && now[id] !== initial[id]);
      },
      { timeout: GOAL_WAIT_MS, intervals: [250] },
    )
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  expect(listRequests).toBe(requestsAtStart);

  // A goal somewhere: its popup is on the phone's screen, whole, and closes with a tap.
  const popup = page.getByTestId('goal-popup').first();
  await expect(popup).toBeVisible({ timeout: GOAL_WAIT_MS });
  const box = await popup.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await expectNoHorizontalScroll(page);

  // A score's tap opens the match detail.
  const firstScore = page.getByTestId('match-score').first();
  await firstScore.tap();
  await expect(page).toHaveURL(/\/h5\/#\/score-detail\?id=[0-9]+$/);
  await expect(page.getByTestId('detail-score')).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-scores', '[data-testid="match-score"]');
  await context.close();
});

test('on a Pixel the basketball board is one column of cards with no sideways scroll', async ({ browser }) => {
  const context = await phoneContext(browser, 'Pixel 7');
  const page = await context.newPage();
  await page.goto('/h5/#/basketball');
  await expectOneColumnCards(page);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-scores', '[data-testid="match-score"]');
  // The finished tab too (dates with the times, quarter scores below).
  await page.getByRole('tab', { name: '已结束' }).tap();
  await expectOneColumnCards(page);
  await expectNoHorizontalScroll(page);
  await context.close();
});
