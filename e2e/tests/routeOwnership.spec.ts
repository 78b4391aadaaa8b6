import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/journey';
import { SITE_TITLE_SUFFIX } from './support/expectedRoutes';
import { buildScoresWithStandings, STANDINGS } from './support/remoteVariant';
import { mfOk, overrideAddress, publishWithCli, rolloutOf } from './support/rolloutOps';

/**
 * Issue 16: a squad ships a new screen and a home widget with a release of its remote alone. A
 * copy of mf-scores with a new route (#/standings, 积分榜, nav index 1) and a home widget is built
 * with the remote's own webpack config (the host is not rebuilt), published with `pnpm mf`,
 * canaried at 0 % and opened by a QA override: that browser gets the page with its title and nav
 * highlight and the widget on the home page; every other visitor gets neither (#/standings is a
 * 404 for them); rolling the candidate back takes both away from the QA browser too.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let workDir = '';
let releaseId = '';
let stableBefore = '';

/** A fresh visitor's browser on `address` (with or without an override), its page open. */
async function visitor(browser: Browser, baseURL: string, address: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(address);
  return { page, close: () => context.close() };
}

/** The home page with its widgets from the releases this browser gets. */
async function expectHomeWidgets(page: Page, withStandings: boolean): Promise<void> {
  await page.goto('/web/#/main');
  await expect(page.getByTestId('widget-hotMatches')).toBeVisible();
  await expect(page.getByTestId('widget-liveRecommend')).toBeVisible();
  await expect(page.getByTestId(`widget-${STANDINGS.widgetId}`)).toHaveCount(withStandings ? 1 : 0);
}

async function expectNotFound(page: Page): Promise<void> {
  await page.goto(`/web/#/${STANDINGS.path}`);
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
}

test.beforeAll(async ({ baseURL }) => {
  // Building the copy takes about a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-route-ownership-'));
  const state = await rolloutOf(baseURL!, 'mf_scores');
  if (!state.stable) throw new Error('mf_scores has no stable release: the server publishes mf-scores/dist at start, is it built?');
  stableBefore = state.stable;
  const dist = await buildScoresWithStandings(workDir, '0.5.0');
  releaseId = await publishWithCli(baseURL!, dist, 'e2e: mf-scores adds #/standings and a home widget', 'mf_scores');
});

test.afterAll(async ({ baseURL }) => {
  // Whatever happened above, leave mf-scores as the other journeys expect it.
  const state = await rolloutOf(baseURL!, 'mf_scores').catch(() => null);
  if (state?.candidate) await mfOk(baseURL!, ['rollback', 'mf_scores', '--reason', 'e2e: clean-up']).catch(() => undefined);
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

test('a canary of mf-scores that adds a route and a home widget reaches the QA browser only', async ({ browser, baseURL }) => {
  await mfOk(baseURL!, ['canary', 'mf_scores', releaseId, '0', '--reason', 'e2e: QA only']);
  expect(await rolloutOf(baseURL!, 'mf_scores')).toMatchObject({ stable: stableBefore, candidate: releaseId, candidatePercent: 0 });

  // The QA browser: the new widget leads the home page, its link opens the new screen.
  const qa = await visitor(browser, baseURL!, await overrideAddress(baseURL!, 'mf_scores', releaseId));
  await expectHomeWidgets(qa.page, true);
  const widgets = qa.page.locator('[data-testid^="widget-"]');
  await expect(widgets.first()).toHaveAttribute('data-testid', `widget-${STANDINGS.widgetId}`);
  await qa.page.getByTestId(`widget-${STANDINGS.widgetId}`).getByRole('link', { name: '查看积分榜' }).click();
  await expect(qa.page).toHaveURL(new RegExp(`#/${STANDINGS.path}$`));
  await expect(qa.page).toHaveTitle(`${STANDINGS.title}${SITE_TITLE_SUFFIX}`);
  const highlighted = qa.page.locator('header [data-nav-index][aria-current="page"]');
  await expect(highlighted.first()).toBeVisible();
  expect(new Set(await highlighted.evaluateAll((items) => items.map((item) => item.getAttribute('data-nav-index'))))).toEqual(new Set([String(STANDINGS.navIndex)]));
  await expect(qa.page.locator('main [data-remote="mf-scores"][data-page="standings"]')).toBeVisible();
  await expect(qa.page.getByRole('heading', { level: 1, name: STANDINGS.title })).toBeVisible();
  // Real data through the page's own API calls: the knowledge base's football competitions.
  await expect(qa.page.getByTestId('standings-competitions').getByRole('link').first()).toBeVisible();
  // A deep link in a reload works the same way (the shell knows the route from the manifest).
  await qa.page.reload();
  await expect(qa.page).toHaveTitle(`${STANDINGS.title}${SITE_TITLE_SUFFIX}`);
  await expect(qa.page.getByTestId('standings-intro')).toBeVisible();
  // The rest of mf-scores still works from the candidate.
  await qa.page.goto('/web/#/football');
  await expect(qa.page.locator('main [data-remote="mf-scores"]').first()).toBeVisible();
  await qa.close();

  // Everybody else: neither the widget nor the route.
  const other = await visitor(browser, baseURL!, '/web/#/main');
  await expectHomeWidgets(other.page, false);
  await expectNotFound(other.page);
  await other.close();
});

test('rolling the candidate back removes the route and the widget from the QA browser', async ({ browser, baseURL }) => {
  const qa = await visitor(browser, baseURL!, await overrideAddress(baseURL!, 'mf_scores', releaseId));
  await expect(qa.page.getByTestId(`widget-${STANDINGS.widgetId}`)).toBeVisible();
  await mfOk(baseURL!, ['rollback', 'mf_scores', '--reason', 'e2e: the new screen goes away']);
  expect(await rolloutOf(baseURL!, 'mf_scores')).toMatchObject({ stable: stableBefore, candidate: null });
  // The next page load asks the control plane again: the withdrawn release is no longer offered.
  await qa.page.reload();
  await expectHomeWidgets(qa.page, false);
  await expectNotFound(qa.page);
  await qa.close();
});
