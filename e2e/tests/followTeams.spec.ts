import { expect, type Locator, type Page } from '@playwright/test';
import { newMember, registerThroughApi, toast } from './support/accounts';
import { test } from './support/journey';
import { phoneContext } from './support/phones';

/**
 * Issue 39 part 1: a fan follows a team from the score list (the star beside its name), the 关注
 * filter puts that team's match first, the match page shows the star pressed, unfollowing works
 * and the server forgets it; a guest's star asks them to log in. Desktop (/web) and a phone (/h5).
 */
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'follow-pass-1';

/** The 未开始 tab of the football board: its rows kick off later, so they stay while the journey runs. */
async function scheduledBoard(page: Page, site: 'web' | 'h5'): Promise<Locator> {
  await page.goto(`/${site}/#/football`);
  await page.getByRole('tab', { name: '未开始' }).click();
  const rows = page.getByTestId('match-row');
  await expect(rows.nth(1), 'the demo feed has upcoming football matches').toBeVisible({ timeout: 30_000 });
  return rows;
}

/** The home team of the board's last row (not already first), its name, and that row's match id. */
async function lastRowTeam(rows: Locator): Promise<{ name: string; matchId: string; row: Locator }> {
  const row = rows.last();
  const name = (await row.locator('[data-col="home"] [data-team-name]').textContent())?.trim() ?? '';
  const matchId = (await row.getAttribute('data-match-id')) ?? '';
  expect(name).not.toBe('');
  return { name, matchId, row };
}

/** Stars the team, puts followed matches first, and checks the team's match is the first row. */
async function followAndFilter(page: Page, rows: Locator): Promise<{ name: string; matchId: string }> {
  const team = await lastRowTeam(rows);
  await team.row.getByRole('button', { name: `关注 ${team.name}`, exact: true }).click();
  await expect(team.row.getByRole('button', { name: `取消关注 ${team.name}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(toast(page, `已关注 ${team.name}`)).toBeVisible();

  const filter = page.getByTestId('follow-filter');
  await expect(filter).toHaveAttribute('aria-pressed', 'false');
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-note')).toContainText('关注的球队和赛事的比赛排在前面');
  const first = rows.first();
  await expect(first).toHaveAttribute('data-followed', 'true');
  await expect(first.locator('[data-col="home"], [data-col="away"]').filter({ hasText: team.name })).toHaveCount(1);
  return team;
}

async function followedTeams(page: Page): Promise<number[]> {
  const answer = await page.request.get('/api/Follow/ids');
  const body = (await answer.json()) as { code: number; data: { team: number[] } };
  expect(body.code).toBe(200);
  return body.data.team;
}

test('a member stars a team on #/football, the 关注 filter puts its match first, the match page shows it followed, and unfollowing there works', async ({ browser }) => {
  const { page } = await newMember(browser, PASSWORD);
  const rows = await scheduledBoard(page, 'web');
  const team = await followAndFilter(page, rows);
  expect(await followedTeams(page)).toHaveLength(1);

  // The match page: the same team's star is pressed in the header (the ids are the page's one load).
  await page.goto(`/web/#/score-detail?id=${team.matchId}`);
  const headerStar = page.getByRole('button', { name: `取消关注 ${team.name}`, exact: true });
  await expect(headerStar).toHaveAttribute('aria-pressed', 'true');
  await headerStar.click();
  await expect(page.getByRole('button', { name: `关注 ${team.name}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(toast(page, `已取消关注 ${team.name}`)).toBeVisible();
  await expect.poll(() => followedTeams(page)).toEqual([]);

  // Back on the board, a fresh load: nothing is followed, the note says how to follow.
  await scheduledBoard(page, 'web');
  await page.getByTestId('follow-filter').click();
  await expect(page.getByTestId('follow-note')).toHaveText('还没有关注的球队或赛事：点击球队或赛事名称旁的 ☆ 即可关注');
  await expect(page.locator('[data-testid="match-row"][data-followed="true"]')).toHaveCount(0);
});

test("a guest's star and 关注 filter show 请登录后操作 and open the login modal", async ({ page }) => {
  const rows = await scheduledBoard(page, 'web');
  const team = await lastRowTeam(rows);
  await team.row.getByRole('button', { name: `关注 ${team.name}`, exact: true }).click();
  await expect(toast(page, '请登录后操作')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: '密码登录' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByTestId('follow-filter').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('follow-filter')).toHaveAttribute('aria-pressed', 'false');
});

test('on a phone (/h5) a member stars a team and the 关注 filter puts its match first', async ({ browser }) => {
  const context = await phoneContext(browser, 'Pixel 7');
  await registerThroughApi(context, PASSWORD);
  const page = await context.newPage();
  const rows = await scheduledBoard(page, 'h5');
  await followAndFilter(page, rows);
  expect(await followedTeams(page)).toHaveLength(1);
});
