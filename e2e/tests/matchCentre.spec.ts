import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { expectNoHorizontalScroll, phoneContext } from './support/phones';
import { type DemoRoomMatch, demoRoomWithLiveMatch } from './support/roomMatches';

/**
 * Issue 36, the match centre on #/score-detail (web and /h5), against the real server: the demo
 * feed runs at 60x in e2e (a match minute a second), so shots, goals and rating changes come
 * while the journey watches, over the live-data socket's match_centre deltas (no reload).
 */
test.describe.configure({ timeout: 240_000 });

/** How long a journey waits for the feed to bring a shot, a goal or a made three. */
const FEED_WAIT_MS = 150_000;

interface ShotDoc {
  id: number;
  side: 'home' | 'away';
  player_id: number | null;
  xg: number;
  outcome: string;
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const body = await (await request.get(path)).json();
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

/** The shots the page's shot map draws: id, outcome and the xG it says. */
async function shownShots(page: Page): Promise<{ id: string; outcome: string; xg: string }[]> {
  return page.getByTestId('shot').evaluateAll((markers) =>
    markers.map((marker) => ({ id: marker.getAttribute('data-shot-id') ?? '', outcome: marker.getAttribute('data-outcome') ?? '', xg: marker.getAttribute('data-xg') ?? '' })),
  );
}

async function momentumTotal(page: Page): Promise<number> {
  const values = await page.getByTestId('momentum-bar').evaluateAll((bars) => bars.map((bar) => Math.abs(Number(bar.getAttribute('data-value')))));
  return values.reduce((sum, value) => sum + value, 0);
}

/** The charts of a live football match: momentum grows with the shots, a goal lands on the shot map with its xG (answered). */
async function footballChartsFollowTheMatch(page: Page, request: APIRequestContext, matchId: number): Promise<ShotDoc> {
  await page.getByRole('tab', { name: '数据图' }).click();
  await expect(page.getByTestId('shot-map')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));

  // A shot: the momentum grows (more bars, or taller ones), without a reload.
  const shotsAtStart = (await shownShots(page)).length;
  const momentumAtStart = await momentumTotal(page);
  await expect.poll(async () => (await shownShots(page)).length, { timeout: FEED_WAIT_MS, intervals: [500] }).toBeGreaterThan(shotsAtStart);
  await expect.poll(() => momentumTotal(page), { timeout: 30_000, intervals: [500] }).toBeGreaterThan(momentumAtStart);

  // A goal: on the shot map, with the xG the server computed for that shot.
  const goalsAtStart = new Set((await shownShots(page)).filter((shot) => shot.outcome === 'goal').map((shot) => shot.id));
  let newGoal: { id: string; xg: string } | undefined;
  await expect
    .poll(
      async () => {
        newGoal = (await shownShots(page)).find((shot) => shot.outcome === 'goal' && !goalsAtStart.has(shot.id));
        if (newGoal) return 'a goal';
        return (await matchFinished(request, matchId)) ? 'the match ended' : 'waiting';
      },
      { timeout: FEED_WAIT_MS, intervals: [500] },
    )
    .not.toBe('waiting');
  if (!newGoal) throw new MatchEndedWithoutAGoal(matchId);
  const served = await apiData<{ shots: ShotDoc[] }>(request, `/api/Football/shotMap?match_id=${matchId}`);
  const shot = served.shots.find((candidate) => String(candidate.id) === newGoal?.id);
  expect(shot?.outcome).toBe('goal');
  expect(newGoal?.xg).toBe(shot?.xg.toFixed(2));
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  return shot as ShotDoc;
}

/** Each player's rating as the lineups show it, by player id. */
async function shownRatings(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(
    await page.getByTestId('lineup-player').evaluateAll((buttons) => buttons.map((button) => [button.getAttribute('data-player-id'), button.querySelector('[data-testid="player-rating"]')?.textContent ?? ''])),
  ) as Record<string, string>;
}

/** The open tab of the match page has no serious or critical accessibility violation (axe). */
async function expectAccessibleTab(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A football match in play with a room on it (the one with the most left to play), and the match page open on it. */
async function openFootballMatch(page: Page, request: APIRequestContext, shell: 'web' | 'h5') {
  const minute = (matchStr: string) => Number.parseInt(matchStr, 10);
  const room = await demoRoomWithLiveMatch(request, 1, (matchStr) => /^\d+'$/.test(matchStr) && minute(matchStr) < 60, minute);
  await page.goto(`/${shell}/#/score-detail?id=${room.matchId}`);
  await expect(page.getByTestId('detail-score')).toBeVisible({ timeout: 30_000 });
  return room;
}

/** The demo feed's goals are random, as in football: a watched match can end without one. */
class MatchEndedWithoutAGoal extends Error {
  constructor(matchId: number) {
    super(`match ${matchId} ended before the goal the journey waited for`);
  }
}

async function matchFinished(request: APIRequestContext, matchId: number): Promise<boolean> {
  return (await apiData<{ match: { status: string } }>(request, `/api/scores/match?match_id=${matchId}`)).match.status === 'finished';
}

/**
 * Runs a journey that waits for a goal on a live football match's page; if the match ends goalless
 * first, on the next match in play (three matches at most). Each match is about two minutes at the
 * e2e feed's 60x.
 */
async function onFootballMatchUntilAGoal(page: Page, request: APIRequestContext, shell: 'web' | 'h5', journey: (room: DemoRoomMatch) => Promise<void>): Promise<void> {
  test.setTimeout(480_000);
  for (let match = 1; ; match += 1) {
    const room = await openFootballMatch(page, request, shell);
    try {
      return await journey(room);
    } catch (error) {
      if (!(error instanceof MatchEndedWithoutAGoal) || match === 3) throw error;
      console.log(`${error.message}: the journey goes on with the next match in play`);
    }
  }
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

test('web: a live football match page: momentum grows after a shot, a goal lands on the shot map with its xG, the scorer’s rating changes', async ({ page, request }) => {
  await onFootballMatchUntilAGoal(page, request, 'web', async (room) => {
    // Lineups first: every player's rating on the pitch.
    await page.getByRole('tab', { name: '阵容' }).click();
    await expect(page.getByTestId('lineup-home').getByTestId('lineup-player')).toHaveCount(11, { timeout: 30_000 });
    const before = await shownRatings(page);
    await expectAccessibleTab(page);

    const goal = await footballChartsFollowTheMatch(page, request, room.matchId);
    await expectAccessibleTab(page);

    // Back on the lineups (the same documents, kept live meanwhile): the scorer's rating has moved.
    await page.getByRole('tab', { name: '阵容' }).click();
    await expect(page.getByTestId('lineup-home').getByTestId('lineup-player')).toHaveCount(11);
    expect(goal.player_id).not.toBeNull();
    const scorer = String(goal.player_id);
    if (before[scorer] !== undefined) await expect.poll(async () => (await shownRatings(page))[scorer], { timeout: 15_000 }).not.toBe(before[scorer]);
    else await expect.poll(async () => (await shownRatings(page))[scorer], { timeout: 15_000 }).toMatch(/^评分 \d+\.\d$/);
  });

  // The popover says the match's stats of a player and links his page.
  await page.getByTestId('lineup-home').getByTestId('lineup-player').first().click();
  const popover = page.getByTestId('player-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByText('出场时间')).toBeVisible();
  await expect(popover.getByRole('link', { name: '球员主页' })).toHaveAttribute('href', /^#\/player\?id=\d+$/);
  await page.keyboard.press('Escape');
});

test('web: a live basketball game: the box score sorts, the shot chart gains a made three, the lead tracker follows', async ({ page, request }) => {
  // A game in its first three quarters: threes still to come.
  const room = await demoRoomWithLiveMatch(request, 2, (matchStr) => /^第[123]节/.test(matchStr));
  await page.goto(`/web/#/score-detail?id=${room.matchId}`);
  await page.getByRole('tab', { name: '球员统计' }).click();
  const home = page.getByTestId('box-score-home');
  await expect(home).toBeVisible({ timeout: 30_000 });
  await home.getByRole('button', { name: '得分' }).click();
  await expect(home.getByRole('columnheader', { name: '得分' })).toHaveAttribute('aria-sort', 'descending');
  const points = await home.getByTestId('box-player').evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td')[1]?.textContent)));
  expect(points).toEqual([...points].sort((a, b) => b - a));
  await expectAccessibleTab(page);

  await page.getByRole('tab', { name: '投篮图' }).click();
  await expect(page.getByTestId('shot-chart')).toBeVisible({ timeout: 30_000 });
  const madeThrees = () => page.locator('[data-testid="court-shot"][data-made="true"][data-points="3"]').count();
  const threesAtStart = await madeThrees();
  await expect.poll(madeThrees, { timeout: FEED_WAIT_MS, intervals: [500] }).toBeGreaterThan(threesAtStart);
  await expect(page.getByTestId('lead-tracker')).toBeVisible();
  await expectAccessibleTab(page);
  // The chart's table alternative.
  await page.getByTestId('shot-chart').getByRole('button', { name: '以表格查看' }).click();
  await expect(page.getByRole('table', { name: '投篮列表' })).toBeVisible();
});

test('phone (/h5): the football match centre fits the screen and follows the match live', async ({ browser, request }) => {
  const context = await phoneContext(browser, 'iPhone 13');
  const page = await context.newPage();
  await onFootballMatchUntilAGoal(page, request, 'h5', async (room) => {
    await footballChartsFollowTheMatch(page, request, room.matchId);
  });
  await expectNoHorizontalScroll(page);
  await page.getByRole('tab', { name: '阵容' }).click();
  await expect(page.getByTestId('lineup-away').getByTestId('lineup-player')).toHaveCount(11, { timeout: 30_000 });
  await expectNoHorizontalScroll(page);
});
