import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/journey';

// The knowledge bases (mf-community base-football / base-basketball over api/base/*), the World
// Cup page the demo feed now fills (mf-scores trophy/home) and the download page (downLoad).

test.describe.configure({ timeout: 120_000 });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Row {
  match_id: number;
  home_team_id: number;
  home_team_name_zh: string;
  status: string;
}

/** A finished football match of today's demo schedule (the feed announces the past day's results at start). */
async function finishedFootballMatch(request: APIRequestContext): Promise<Row> {
  let found: Row | undefined;
  await expect
    .poll(
      async () => {
        const answer = (await (await request.post('/api/hot_match/all_match', { data: { sport: 'football', status: 'finished', page_size: 50 }, headers: XHR })).json()) as { data: { list: Row[] } };
        found = answer.data.list[0];
        if (found === undefined) {
          // Early in the China day: yesterday's results.
          const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
          const earlier = (await (await request.post('/api/hot_match/all_match', { data: { sport: 'football', status: 'finished', date: yesterday, page_size: 50 }, headers: XHR })).json()) as { data: { list: Row[] } };
          found = earlier.data.list[0];
        }
        return found;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeDefined();
  return found as Row;
}

async function expectNoSeriousViolation(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the knowledge base shows a team page reached from a match: squad, form, then a player', async ({ page, request }) => {
  const match = await finishedFootballMatch(request);
  await page.goto(`/web/#/score-detail?id=${match.match_id}`);
  await expect(page.getByTestId('detail-score')).toBeVisible();

  // The home team's name in the match header is a link to its page in the knowledge base.
  await page.locator('main [data-remote="mf-scores"]').getByRole('link', { name: match.home_team_name_zh, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/base-football\\?team=${match.home_team_id}$`));
  const team = page.getByTestId('base-team');
  await expect(team.getByRole('heading', { level: 2, name: match.home_team_name_zh })).toBeVisible();
  await expect(page).toHaveTitle(/足球资料库/);

  // The squad: 18 players with numbers and positions; the form holds the match we came from.
  const squad = page.getByTestId('base-squad');
  await expect(squad.locator('tbody tr')).toHaveCount(18);
  await expect(squad.getByRole('cell', { name: '门将' })).toHaveCount(2);
  const form = page.getByTestId('base-form');
  await expect(form.locator('li').first()).toBeVisible();
  expect(await form.locator('li').count()).toBeGreaterThanOrEqual(1);
  expect(await form.locator('li').count()).toBeLessThanOrEqual(5);
  // Its latest results (the match we came from among them, unless the long-running feed has since
  // played five more): each a link to its match page, with a 胜/平/负 badge.
  await expect(form.locator('li a[href^="#/score-detail?id="]').first()).toBeVisible();
  expect(await form.locator('li b').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^[胜平负]$/)]));
  await expect(page.locator('main [role="status"]').filter({ hasText: '加载中' })).toHaveCount(0);
  await expectNoSeriousViolation(page, 'team');

  // A player of the squad: position, number, season statistics.
  const firstPlayer = squad.locator('tbody tr').first().getByRole('link');
  const name = (await firstPlayer.textContent()) ?? '';
  await firstPlayer.click();
  const player = page.getByTestId('base-player');
  await expect(player.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(player.getByText('门将')).toBeVisible();
  await expect(page.getByTestId('base-player-stats').locator('tbody tr').first()).toBeVisible();

  // Back to the team through the player's card, then to a competition's season.
  await player.getByRole('link', { name: match.home_team_name_zh }).click();
  await expect(page.getByTestId('base-squad')).toBeVisible();
});

test('the knowledge base lists competitions, and a season has standings, scorers and results', async ({ page }) => {
  await page.goto('/web/#/base-football');
  const cards = page.getByTestId('base-competitions');
  await expect(cards.getByRole('link', { name: /英超/ })).toBeVisible();
  await cards.getByRole('link', { name: /英超/ }).click();
  await expect(page).toHaveURL(/#\/base-football\?competition=\d+$/);
  await expect(page.getByTestId('base-standings').locator('tbody tr')).toHaveCount(20);
  await expect(page.getByTestId('base-results').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('base-scorers').locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('main [role="status"]').filter({ hasText: '加载中' })).toHaveCount(0);
  await expectNoSeriousViolation(page, 'competition');

  await page.goto('/web/#/base-basketball');
  await expect(page.getByTestId('base-competitions').getByRole('link', { name: /NBA/ })).toBeVisible();
});

test('the World Cup page shows the demo season: its champion, the knockout rounds, and twelve groups of four', async ({ page }) => {
  await page.goto('/web/#/trophy/home');
  // Played to its final in July: a champion, six knockout rounds (the final first), 32 matches.
  const knockouts = page.getByTestId('trophy-knockouts');
  await expect(knockouts.getByTestId('trophy-champion')).toHaveText(/^冠军：.+/);
  await expect(knockouts.getByRole('heading', { level: 3 })).toHaveText(['决赛', '季军赛', '半决赛', '1/4决赛', '1/8决赛', '1/16决赛']);
  await expect(knockouts.getByTestId('knockout-match')).toHaveCount(32);
  const standings = page.locator('main [data-remote="mf-scores"]').getByTestId('standings');
  await expect(standings).toBeVisible();
  await expect(standings.getByRole('heading', { level: 3 })).toHaveCount(12);
  await expect(standings.getByRole('heading', { level: 3, name: 'A组' })).toBeVisible();
  await expect(standings.locator('tbody tr')).toHaveCount(48);
  await expect(page.getByTestId('trophy-empty')).toHaveCount(0);
});

test('the download page shows the server’s QR code of the h5 site and the store links', async ({ page, request }) => {
  await page.goto('/web/#/downLoad');
  const qr = page.getByRole('img', { name: '手机扫码打开移动版的二维码' });
  await expect(qr).toBeVisible();
  // The image really loaded (an SVG the server drew), not a broken image.
  await expect.poll(async () => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const src = await qr.getAttribute('src');
  expect(src).toBe('/api/site/downloadQr.svg');
  const svg = await request.get(src ?? '');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);

  const info = (await (await request.get('/api/site/download')).json()) as { data: { h5_url: string; ios_url: string; android_url: string } };
  expect(info.data.h5_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/h5$/);
  await expect(page.getByTestId('download-ios')).toHaveAttribute('href', info.data.ios_url);
  await expect(page.getByTestId('download-android')).toHaveAttribute('href', info.data.android_url);
  await expect(page.getByRole('link', { name: info.data.h5_url })).toBeVisible();
  await expectNoSeriousViolation(page, 'downLoad');
});
