import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { demoRoomWithLiveMatch } from './support/roomMatches';

/**
 * Issue 33, "search finds what the site shows": a user reads a team's name off a room that shows
 * a live match and a player's name off that match's timeline, types each into the navbar's search
 * box, and the results (a new tab) hold the room, the team, the player and the match. Names are
 * read from the pages (the demo feed's, whatever they are), never written here.
 */
test.describe.configure({ timeout: 240_000 });

/** Types `name` into the navbar's search box and returns the results tab it opens. */
async function searchFromBox(page: Page, context: BrowserContext, name: string): Promise<Page> {
  const box = page.getByRole('searchbox', { name: '搜索' }).or(page.getByRole('textbox', { name: '搜索' })).first();
  await box.fill(name);
  const opened = context.waitForEvent('page');
  await box.press('Enter');
  const results = await opened;
  await results.waitForLoadState();
  await expect(results.getByRole('heading', { name: `搜索：${name}` })).toBeVisible();
  return results;
}

test('a team on a live room and a player in a live match’s events are found from the search box', async ({ page, context, request }) => {
  const room = await demoRoomWithLiveMatch(request, 1);

  // The room's page shows its match: the user reads the away team's name off the score bar.
  await page.goto(`/web/#/live?id=${room.roomId}`);
  const bar = page.getByRole('region', { name: '比分' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  const team = ((await bar.getByTestId('score-bar-away').textContent()) ?? '').trim();
  expect(team.length).toBeGreaterThan(0);

  const byTeam = await searchFromBox(page, context, team);
  await expect(byTeam.getByTestId('search-lives').locator(`a[href="#/live?id=${room.roomId}"]`)).toBeVisible();
  await expect(byTeam.getByTestId('search-lives').locator(`a[href="#/live?id=${room.roomId}"]`)).toContainText(team);
  await expect(byTeam.getByTestId('search-teams')).toContainText(team);
  await byTeam.getByRole('tab', { name: '直播' }).click();
  await expect(byTeam.getByTestId('search-lives').locator(`a[href="#/live?id=${room.roomId}"]`)).toBeVisible();
  await byTeam.close();

  // A player named in the match's events (a card, a goal or a substitution; the feed plays at 60x).
  let player = '';
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/scores/events?match_id=${room.matchId}&page_size=100`)).json();
        const named = (body.data.list as { player_zh: string | null }[]).map((event) => event.player_zh).find((name): name is string => name !== null && [...name].length <= 10);
        player = named ?? '';
        return player;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .not.toBe('');
  await page.goto(`/web/#/score-detail?id=${room.matchId}`);
  await expect(page.getByTestId('timeline')).toContainText(player, { timeout: 30_000 });

  const byPlayer = await searchFromBox(page, context, player);
  const players = byPlayer.getByTestId('search-players');
  await expect(players.getByRole('link', { name: player, exact: true }).first()).toHaveAttribute('href', /^#\/base-football\?player=\d+$/);
  await expect(players.getByTestId('search-player-matches').locator(`a[href="#/score-detail?id=${room.matchId}"]`).first()).toBeVisible();
  await expect(byPlayer.getByTestId('search-matches').locator(`a[href="#/score-detail?id=${room.matchId}"]`)).toBeVisible();
  await byPlayer.getByRole('tab', { name: '球员' }).click();
  await expect(byPlayer.getByTestId('search-players').getByRole('link', { name: player, exact: true }).first()).toBeVisible();
  for (const link of await byPlayer.locator('[data-testid^="search-"] a').all()) await expect(link).toHaveAttribute('href', /^#\//);
});
