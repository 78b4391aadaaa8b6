import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { phoneContext } from './support/phones';

/**
 * Issue 38 part 3: the page paints the shell before the JavaScript (host/src/firstPaint/README.md).
 * The page as the server sends it shows the layout, nav, the route's title and a skeleton with no
 * script at all; the inline script names a hash route; the real layout takes over without a
 * layout shift. Real server, real Chromium.
 */
test.describe.configure({ timeout: 90_000 });

const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' };
const firstPaint = (page: Page) => page.locator('#first-paint');

test('with JavaScript off, /web/#/main paints the navbar, its nav and the home title and skeleton', async ({ browser }) => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/web/#/main');
  await expect(firstPaint(page)).toBeVisible();
  const bar = firstPaint(page).locator('.fp-bar');
  await expect(bar).toBeVisible();
  await expect(bar.locator('.fp-logo')).toHaveText('体育直播');
  await expect(bar.locator('li')).toHaveText(['首页', '直播', '赛程', '比分', '头条', '社区', '资料库', '情报', '下载']);
  await expect(bar.locator('li[data-current]')).toHaveText('首页');
  await expect(firstPaint(page).locator('h1')).toHaveText('首页');
  await expect(firstPaint(page).locator('.fp-block').first()).toBeVisible();
  // The header is the real one's height (60 px) on the page's own dark background, at the top.
  expect(await firstPaint(page).locator('header').first().boundingBox()).toMatchObject({ x: 0, y: 0, height: 60 });
  // Nothing ran: the app's root is empty, and the phone parts are not shown on a desktop.
  expect(await page.locator('#root').innerHTML()).toBe('');
  await expect(firstPaint(page).locator('.fp-tabs')).toBeHidden();
  await context.close();
});

test('with JavaScript off, /h5/#/main paints the phone header with the title and the tab bar', async ({ browser }) => {
  const context = await phoneContext(browser, 'Pixel 7', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/h5/#/main');
  await expect(firstPaint(page).locator('.fp-h5')).toHaveText('首页');
  await expect(firstPaint(page).locator('.fp-h5')).toBeVisible();
  await expect(firstPaint(page).locator('.fp-tabs li')).toHaveText(['首页', '直播', '比分', '社区', '我的']);
  await expect(firstPaint(page).locator('.fp-tabs')).toBeVisible();
  await expect(firstPaint(page).locator('.fp-bar')).toBeHidden();
  expect(await firstPaint(page).locator('.fp-h5').boundingBox()).toMatchObject({ y: 0, height: 48 });
  await context.close();
});

test("a deep link's first paint names its route from the inlined assignments, with no file script run", async ({ browser }) => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  // Only the page's own inline script may run: every script file is refused.
  await page.route(/\/web\/.*\.js(\?|$)/, (route) => route.abort());
  await page.goto('/web/#/football');
  const declared = await page.evaluate(() => {
    const { remotes } = JSON.parse(document.getElementById('mf-assignments')?.textContent ?? '{"remotes":[]}') as { remotes: { routes: { path: string; title: string; navIndex: number | null }[] }[] };
    return remotes.flatMap((remote) => remote.routes).find((route) => route.path === 'football') ?? null;
  });
  expect(declared, 'the page carries the football route in its assignments').not.toBeNull();
  await expect(firstPaint(page).locator('h1')).toHaveText(declared?.title ?? '');
  await expect(firstPaint(page).locator('.fp-bar li[data-current]')).toHaveAttribute('data-nav', String(declared?.navIndex));
  await expect(firstPaint(page).locator('.fp-tabs li[data-current]')).toHaveAttribute('data-tab', 'football');
  expect(await page.title()).toBe(declared?.title);
  await context.close();
});

/** Installed before the page's scripts: every layout shift, and when the first paint was taken away. */
function watchHandover(): void {
  const record = { shifts: [] as { at: number; value: number }[], removedAt: -1 };
  (window as unknown as { firstPaintRecord: typeof record }).firstPaintRecord = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.shifts.push({ at: entry.startTime, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((_mutations, observer) => {
    if (document.readyState !== 'loading' && !document.getElementById('first-paint')) {
      record.removedAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function expectHandoverWithoutShift(page: Page, url: string, realLayout: string): Promise<void> {
  await page.addInitScript(watchHandover);
  await page.goto(url);
  await expect(page.locator(realLayout).first()).toBeVisible({ timeout: 30_000 });
  await expect(firstPaint(page)).toHaveCount(0);
  // A few frames after the handover, for a shift it caused to be reported.
  await page.waitForTimeout(500);
  const record = await page.evaluate(() => (window as unknown as { firstPaintRecord: { shifts: { at: number; value: number }[]; removedAt: number } }).firstPaintRecord);
  expect(record.removedAt, 'the layout took the first paint away').toBeGreaterThan(0);
  // Every shift up to the frame after the handover: before it only the first paint was on screen,
  // and the handover replaces it in one commit.
  const upToHandover = record.shifts.filter((shift) => shift.at <= record.removedAt + 100);
  expect(upToHandover.reduce((sum, shift) => sum + shift.value, 0), `layout shifts up to the handover: ${JSON.stringify(upToHandover)}`).toBeLessThan(0.001);
}

test('on /web the real layout takes over from the first paint with no layout shift', async ({ browser }) => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await expectHandoverWithoutShift(page, '/web/#/main', 'header nav');
  await expect(page.getByTestId('widget-hotMatches')).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('on /h5 the mobile layout (a chunk of its own) takes over with no layout shift, and no frame without the shell', async ({ browser }) => {
  const context = await phoneContext(browser, 'Pixel 7');
  const page = await context.newPage();
  await expectHandoverWithoutShift(page, '/h5/#/main', '[data-testid="mobile-header"]');
  // Until the mobile layout mounted, the first paint stayed: the header was never absent.
  await expect(page.getByTestId('mobile-header')).toContainText('首页');
  await context.close();
});

test("/web's home settles without layout shift: a row is wide from the start, a loading widget keeps its room, an empty one leaves no hole", async ({ browser }) => {
  for (const width of [1024, 1350, 1920]) {
    const context = await browser.newContext({ ...DESKTOP, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(watchHandover);
    await page.goto('/web/#/main');
    const grid = page.getByTestId('home-widgets');
    await expect(grid.getByTestId('widget-hotMatches')).toBeVisible({ timeout: 30_000 });
    // Every widget of the first screen has arrived (none loading), and the frames after it are
    // reported. Those below it (data-near-screen) wait for a scroll (home.spec.ts) and keep their room.
    await expect(grid.locator('[data-widget-area]:not([data-near-screen]) [data-loading]')).toHaveCount(0, { timeout: 30_000 });
    await expect(grid.locator('[data-near-screen]').first()).toBeAttached();
    await page.waitForTimeout(1_000);
    const shifts = await page.evaluate(() => (window as unknown as { firstPaintRecord: { shifts: { at: number; value: number }[] } }).firstPaintRecord.shifts);
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0), `${width} px: the home's layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    // No hole: each area shown holds its widget, and no cell of a row is left blank before a later widget.
    const areas = await grid.locator('[data-widget-area]').evaluateAll((nodes) =>
      nodes.map((node) => ({ shown: node.getBoundingClientRect().height > 0, empty: node.childElementCount === 0, top: Math.round(node.getBoundingClientRect().top) })),
    );
    expect(areas.filter((area) => area.shown && area.empty), `${width} px: an empty area takes a cell`).toEqual([]);
    const firstRowTop = Math.min(...areas.filter((area) => area.shown).map((area) => area.top));
    const columns = await grid.evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(' ').length);
    expect(areas.filter((area) => area.shown && area.top === firstRowTop).length, `${width} px: the first row is full`).toBe(Math.min(columns, areas.filter((area) => area.shown).length));
    await context.close();
  }
});
