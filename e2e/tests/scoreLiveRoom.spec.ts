import { expect } from '@playwright/test';
import { test } from './support/journey';
import { demoRoomWithLiveMatch } from './support/roomMatches';

/**
 * Issue 15: a score-live room shows its match's score bar, kept live by the live-data socket, and
 * the automatic commentary (getRobot) in the chat's assistant channel. The demo feed runs at 60x
 * (playwright.config.ts: a match minute a second) and the server points the demo rooms at its
 * matches, so the room's match moves while the test watches.
 */
test.describe.configure({ timeout: 240_000 });

test('a football score-live room: the score bar follows the match and the commentary grows in 助手', async ({ page, request }) => {
  const room = await demoRoomWithLiveMatch(request, 1);
  await page.goto(`/web/#/score-live?id=${room.matchId}`);
  const bar = page.getByRole('region', { name: '比分' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-match-id', String(room.matchId));
  await expect(bar.getByTestId('score-bar-home')).toHaveText(room.home);
  await expect(bar.getByTestId('score-bar-away')).toHaveText(room.away);
  await expect(bar.getByTestId('score-bar-score')).toHaveText(/^\d+ - \d+$/);

  // Live: the time moves on without a reload (a minute a second, or 中场 and back).
  const time = bar.getByTestId('score-bar-time');
  const first = await time.textContent();
  await expect.poll(() => time.textContent(), { timeout: 20_000 }).not.toBe(first);
  // What the bar shows is what the server says about the match (a few seconds of play apart).
  const detail = (await (await request.get(`/api/scores/match?match_id=${room.matchId}`)).json()).data.match;
  const shown = (await bar.getByTestId('score-bar-score').textContent()) ?? '';
  const [home, away] = shown.split(' - ').map(Number);
  expect(detail.home_score).toBeGreaterThanOrEqual(home ?? 0);
  expect(detail.away_score).toBeGreaterThanOrEqual(away ?? 0);

  // The commentary, in the assistant channel: the kick-off line at least, then new lines as events happen.
  await page.getByRole('tab', { name: '助手' }).click();
  const commentary = page.getByRole('region', { name: '文字直播' });
  await expect(commentary).toBeVisible();
  const lines = commentary.getByTestId('commentary-line');
  await expect(lines.last()).toContainText('比赛开始', { timeout: 30_000 });
  const count = await lines.count();
  await expect.poll(() => lines.count(), { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(count);
  await expect(lines.first()).toHaveAttribute('data-kind', /^(goal|yellow|red|substitution|halftime|second_half|fulltime)$/);
});

test('an esports score-live room shows the map score and the games of the series', async ({ page, request }) => {
  const room = await demoRoomWithLiveMatch(request, 3);
  await page.goto(`/web/#/score-live?id=${room.matchId}`);
  const bar = page.getByRole('region', { name: '比分' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('data-sport', 'esports');
  await expect(bar.getByTestId('score-bar-home')).toHaveText(room.home);
  await expect(bar.getByTestId('score-bar-time')).toHaveText(/^(第\d+局( \d+'|结束)|完场)$/);
  await expect(bar.getByLabel('各局比分（击杀）')).toContainText('第1局');
  await page.getByRole('tab', { name: '助手' }).click();
  await expect(page.getByRole('region', { name: '文字直播' }).getByTestId('commentary-line').filter({ hasText: '第1局开始' })).toHaveCount(1, { timeout: 30_000 });
});
