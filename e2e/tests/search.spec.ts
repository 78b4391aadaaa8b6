import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { readPushUrl } from './support/anchors';
import { logInDemoAnchor, RUNNER_DEMO_ANCHOR } from './support/demoAnchors';
import { expectVideoPlaying } from './support/playback';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 14, search: a viewer searches for a demo anchor's name, finds their room among the
 * results (a link to the room) and opening it plays. The e2e server runs without demo streams
 * (DEMO_STREAMS=0), so the demo anchor pushes a real ffmpeg stream first, as tests/liveRoom.spec.ts
 * does: the anchor (seeded without a password) sets one through 忘记密码 with the SMS code from the
 * outbox, logs in, opens their room and takes the push address from the page.
 */
test.describe.configure({ timeout: 240_000 });

// server/src/live/seedDemoRooms.ts: the eighth demo anchor and their room.
const DEMO_NUMBER = RUNNER_DEMO_ANCHOR.number;
const DEMO_NICKNAME = RUNNER_DEMO_ANCHOR.nickname;
const DEMO_ROOM_TITLE = RUNNER_DEMO_ANCHOR.title;
const PASSWORD = 'search-e2e-2026';

/** No serious or critical axe violation on the page as it is. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test("a search for a demo anchor's name finds their room, every result a link; opening the room plays", async ({ browser, page }) => {
  let stream: TestStream | null = null;
  const anchorContext = await browser.newContext();
  try {
    // The demo anchor goes on air.
    const anchor = await anchorContext.newPage();
    await logInDemoAnchor(anchor, DEMO_NUMBER, PASSWORD);
    await anchor.goto('/web/#/live?mine=1');
    const owner = anchor.getByTestId('owner-panel');
    await expect(owner).toBeVisible();
    const start = owner.getByRole('button', { name: '开始直播' });
    if (await start.isVisible()) await start.click();
    await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();
    stream = pushTestStream(await readPushUrl(anchor));

    // A guest searches for the anchor's name: the anchor and their room, on air.
    await page.goto(`/web/#/search?name=${encodeURIComponent(DEMO_NICKNAME)}`);
    await expect(page.getByRole('heading', { name: `搜索：${DEMO_NICKNAME}` })).toBeVisible();
    const lives = page.getByTestId('search-lives');
    await expect(lives.getByRole('link', { name: new RegExp(DEMO_ROOM_TITLE) })).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await page.getByTestId('search-lives').textContent({ timeout: 10_000 })) ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain('直播中');
    await expect(page.getByTestId('search-anchors').getByRole('link', { name: new RegExp(DEMO_NICKNAME) })).toHaveAttribute('href', /^#\/about-user\?id=[0-9]+$/);
    for (const link of await page.locator('[data-testid^="search-"] a').all()) await expect(link).toHaveAttribute('href', /^#\//);
    await expectAccessible(page);

    // The 直播 tab pages rooms by the anchor's name too; opening the room plays.
    await page.getByRole('tab', { name: '直播' }).click();
    const room = page.getByTestId('search-lives').getByRole('link', { name: new RegExp(DEMO_ROOM_TITLE) });
    await expect(room).toHaveAttribute('href', /^#\/live\?id=[0-9]+$/);
    await room.click();
    await expect(page).toHaveURL(/#\/live\?id=[0-9]+$/);
    await expectVideoPlaying(page);

    // The query counted: the empty search page shows the hot searches, each a link that searches it
    // (which terms make the top 10 depends on the other journeys of the run; server/src/search tests the counts).
    await page.goto('/web/#/search');
    const hot = page.getByTestId('search-hot').getByRole('link');
    await expect(hot.first()).toBeVisible();
    for (const link of await hot.all()) await expect(link).toHaveAttribute('href', /^#\/search\?name=.+/);
    await expectAccessible(page);
  } finally {
    await stream?.stop();
    await anchorContext.close();
  }
});
