import { expect, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { test } from './support/journey';
import { phoneContext } from './support/phones';

/**
 * Issue 38 part 3, the first screen's data (shared/src/api/firstScreenData.ts): the calls a route
 * declares in its remote's route manifest (and the host's own) are started by the page's first
 * inline script, before main.js or any remote's code arrives, and the code that renders the first
 * screen takes those answers instead of asking again. Real server, real Chromium; the declared
 * calls are read from the assignments the server inlined, so a remote that declares a call its
 * code does not make the same way (another query, another body) fails here: it is asked twice.
 */
test.describe.configure({ timeout: 90_000 });

const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' };

interface Asked {
  key: string;
  at: number;
}

/** Every API call and the first remote entry the page asks for, in order, keyed as the page's first script keys them. */
function watchRequests(page: Page): { asked: Asked[]; firstRemoteEntryAt: () => number } {
  const asked: Asked[] = [];
  let remoteEntryAt = Number.POSITIVE_INFINITY;
  let order = 0;
  page.on('request', (request: Request) => {
    order += 1;
    const url = new URL(request.url());
    if (url.pathname.endsWith('/remoteEntry.js')) remoteEntryAt = Math.min(remoteEntryAt, order);
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/mf/')) return;
    asked.push({ key: keyOf(request.method(), url, request.postData()), at: order });
  });
  return { asked, firstRemoteEntryAt: () => remoteEntryAt };
}

/** The key of firstScreenData.ts: method, path, query sorted by name; a POST's JSON body with its names sorted. */
function keyOf(method: string, url: URL, body: string | null): string {
  const query = new URLSearchParams(url.search);
  query.sort();
  const search = query.toString();
  const address = url.pathname.replace(/^\/+/, '') + (search === '' ? '' : `?${search}`);
  if (method !== 'POST') return `${method} ${address}`;
  const parsed = JSON.parse(body ?? '{}') as Record<string, unknown>;
  const sorted = Object.fromEntries(Object.keys(parsed).sort().map((name) => [name, parsed[name]]));
  return `POST ${address} ${JSON.stringify(sorted)}`;
}

/** The keys of the calls the page's first script started (window.__mfFirstScreen), read before the code takes them. */
async function declaredKeys(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  // Only the page's own inline script runs (every script file refused), so nothing takes an answer.
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto(path);
  const keys = await page.evaluate(() => Object.keys((window as unknown as { __mfFirstScreen?: Record<string, unknown> }).__mfFirstScreen ?? {}));
  await page.close();
  return keys;
}

async function expectEarlyAndOnce(context: BrowserContext, path: string, firstScreenShown: (page: Page) => Promise<void>, expectedKeys: string[] = []) {
  const declared = await declaredKeys(context, path);
  for (const key of expectedKeys) expect(declared, `the page's first script starts ${key}`).toContain(key);

  const page = await context.newPage();
  const { asked, firstRemoteEntryAt } = watchRequests(page);
  await page.goto(path);
  await firstScreenShown(page);
  // The code took every early answer: a taken one leaves the page's store; one the code asks for
  // differently (another query or body) stays there, and this waits in vain.
  await page
    .waitForFunction(() => Object.keys((window as unknown as { __mfFirstScreen?: Record<string, unknown> }).__mfFirstScreen ?? {}).length === 0, undefined, { timeout: 20_000 })
    .catch(async () => {
      const left = await page.evaluate(() => Object.keys((window as unknown as { __mfFirstScreen?: Record<string, unknown> }).__mfFirstScreen ?? {}));
      throw new Error(`on ${path} the code never took the early answers of: ${left.join(', ')}`);
    });
  for (const key of declared) {
    const times = asked.filter((each) => each.key === key);
    // Once: the code took the early answer (a second ask means its call differs from the declaration).
    expect(times.map((each) => each.key), `${key} is asked once on ${path}`).toEqual([key]);
    // Early: before the page asked for any remote's code.
    expect(times[0]?.at, `${key} is asked before the first remoteEntry.js`).toBeLessThan(firstRemoteEntryAt());
  }
  await page.close();
}

test('/web/#/main: the home widgets\' data and the host\'s are asked once each, before any remote\'s code', async ({ browser }) => {
  const context = await browser.newContext(DESKTOP);
  await expectEarlyAndOnce(
    context,
    '/web/#/main',
    async (page) => {
      await expect(page.getByTestId('hot-matches').getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    },
    [
      'GET api/universal/getHot',
      'GET api/Activity_Config/getActivityUrl',
      'POST api/hot_match/all_match {"page":1,"page_size":20,"status":"live"}',
      'GET api/Live_streaming/getLiveList?page=1&page_size=20&type=0',
      'GET api/Portal_post/getList2?limit=6',
    ],
  );
});

test('/h5/#/football and a room on a phone: the route\'s own calls, with the room id of the hash', async ({ browser }) => {
  const context = await phoneContext(browser, 'Pixel 7');
  await expectEarlyAndOnce(
    context,
    '/h5/#/football',
    async (page) => {
      await expect(page.getByTestId('match-row').first()).toBeVisible({ timeout: 30_000 });
    },
    ['GET api/universal/getHot', 'POST api/hot_match/all_match {"page":1,"page_size":50,"sport":"football","status":"live"}', 'GET api/scores/competitions?sport=football'],
  );
  await expectEarlyAndOnce(
    context,
    '/h5/#/live?id=1',
    async (page) => {
      await expect(page.getByTestId('live-video-box')).toBeVisible({ timeout: 30_000 });
    },
    ['GET api/Live_streaming/getRoomInfo?room_id=1', 'GET api/Barrage/getList?room_id=1', 'GET api/Gift/getList'],
  );
});

interface DeclaredRoute {
  path: string;
  firstScreenData?: { query?: Record<string, unknown>; body?: Record<string, unknown> }[];
}

/** A match of the demo feed, for the routes that take a match id. */
async function someMatchId(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/hot_match/all_match', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { status: 'live', page: 1, page_size: 1 } });
  const id = ((await answer.json()) as { data?: { list?: { match_id: number }[] } }).data?.list?.[0]?.match_id;
  if (id === undefined) throw new Error('the demo feed has no live match');
  return id;
}

test('every route that declares first-screen data: the code takes each early answer (a declaration unlike the code\'s call fails here)', async ({ browser, request }) => {
  const context = await browser.newContext(DESKTOP);
  const probe = await context.newPage();
  await probe.route(/\.js(\?|$)/, (route) => route.abort());
  await probe.goto('/web/#/main');
  const routes = await probe.evaluate(() => {
    const { remotes } = JSON.parse(document.getElementById('mf-assignments')?.textContent ?? '{"remotes":[]}') as { remotes: { routes: DeclaredRoute[] }[] };
    return remotes.flatMap((remote) => remote.routes).filter((route) => (route.firstScreenData ?? []).length > 0);
  });
  await probe.close();
  expect(routes.length, 'the releases declare first-screen data').toBeGreaterThan(3);

  // The hash parameters each route's declarations name (':id'), as a visitor's link carries them.
  const params: Record<string, Record<string, string>> = { live: { id: '1' }, 'score-detail': { id: String(await someMatchId(request)) } };
  for (const route of routes) {
    const named = new Set(
      (route.firstScreenData ?? []).flatMap((call) => [...Object.values(call.query ?? {}), ...Object.values(call.body ?? {})]).filter((value): value is string => typeof value === 'string' && value.startsWith(':')).map((value) => value.slice(1)),
    );
    const given = params[route.path] ?? {};
    for (const name of named) expect(given[name], `#/${route.path} takes ':${name}': give it a value in this journey's params`).toBeDefined();
    const query = new URLSearchParams(given).toString();
    await expectEarlyAndOnce(context, `/web/#/${route.path}${query ? `?${query}` : ''}`, async (page) => {
      await expect(page.locator(`[data-remote]`).first()).toBeVisible({ timeout: 30_000 });
    });
  }
});
