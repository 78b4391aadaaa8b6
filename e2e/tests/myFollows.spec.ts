import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { expectNoHorizontalScroll, phoneContext } from './support/phones';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * 我的关注 and recommendations (issue 39 parts 1 and 4; docs/flows/recommendations.md): a member
 * with no follows is offered teams on #/attention's empty 球队 tab (api/Recommend/follows), follows
 * one there and it is listed in the tab (api/Follow/list); after following an anchor on air, the
 * home page's 为你推荐 row (api/Recommend/rooms) puts that anchor's live room first, on /web and /h5.
 * Real server, PostgreSQL, RTMP ingest (ffmpeg).
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'my-follows-2026';

/** No serious or critical accessibility problem inside `selector` (axe). */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const serious = (await new AxeBuilder({ page }).include(selector).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member with no follows is offered teams on 我的关注, follows one, sees it in 球队; 为你推荐 puts a followed anchor\'s live room first', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const fan = await newMember(browser, PASSWORD);
    const { page } = fan;

    // No follows yet: the 主播 tab says so and offers what to follow.
    await page.goto('/web/#/attention');
    await expect(page.getByRole('heading', { level: 1, name: '我的关注' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('你还没有关注主播')).toBeVisible();
    await expect(page.getByTestId('follow-suggestions')).toBeVisible();

    // 球队: empty, with suggested teams (the demo feed's matches of the next two days); follow the first.
    await page.getByTestId('attention-tab-team').click();
    await expect(page.getByText('你还没有关注球队')).toBeVisible();
    const suggested = page.getByTestId('suggested-teams').getByRole('listitem').first();
    await expect(suggested).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, '[data-testid="follow-suggestions"]');
    const teamName = (await suggested.locator('span').first().textContent())?.trim() ?? '';
    expect(teamName).not.toBe('');
    await suggested.getByRole('button', { name: `关注 ${teamName}` }).click();

    // The tab reads its list again: the team is there, its star pressed (取消关注 <name>).
    const followed = page.getByTestId('followed-teams').getByTestId('followed-item').filter({ hasText: teamName });
    await expect(followed).toBeVisible({ timeout: 15_000 });
    await expect(followed.getByRole('button', { name: `取消关注 ${teamName}` })).toHaveAttribute('aria-pressed', 'true');
    // Still so after a reload (the server has it), opened straight on the tab.
    await page.goto('/web/#/attention?tab=team');
    await page.reload();
    await expect(page.getByTestId('followed-teams').getByTestId('followed-item').filter({ hasText: teamName })).toBeVisible({ timeout: 30_000 });

    // An anchor goes on air (a real push); the fan follows them in their room.
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '为你推荐测试直播');
    stream = pushTestStream(await readPushUrl(anchor.page));
    await page.goto(`/web/#/live?id=${anchor.roomId}`);
    await expect(page.getByTestId('live-state')).toHaveText(/直播中/, { timeout: 30_000 });
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');

    // The home page: 为你推荐, the followed anchor's live room first, said why, linking to the room.
    await page.goto('/web/#/main');
    // The row is below the first screen: it loads as the fan scrolls near it (WidgetMeta.loadNearScreen).
    await page.locator('[data-widget-area="forYou"]').scrollIntoViewIfNeeded();
    const row = page.getByTestId('for-you');
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
    const first = row.getByTestId('room-card').first();
    await expect(first).toHaveAttribute('href', `#/live?id=${anchor.roomId}`);
    await expect(first.getByTestId('room-note')).toHaveText('你关注的主播');
    await expectAccessible(page, '[data-testid="widget-forYou"]');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/web/#/live\\?id=${anchor.roomId}$`));

    // The same member on a phone (/h5): the row is there, the page does not scroll sideways, a tap opens the room.
    const phone = await (await phoneContext(browser, 'iPhone 13', { storageState: await fan.context.storageState() })).newPage();
    await phone.goto('/h5/#/main');
    await phone.locator('[data-widget-area="forYou"]').scrollIntoViewIfNeeded();
    const phoneRow = phone.getByTestId('for-you');
    await expect(phoneRow).toBeVisible({ timeout: 30_000 });
    const phoneFirst = phoneRow.getByTestId('room-card').first();
    await expect(phoneFirst).toHaveAttribute('href', `#/live?id=${anchor.roomId}`);
    await expectNoHorizontalScroll(phone);
    await phoneFirst.tap();
    await expect(phone).toHaveURL(new RegExp(`/h5/#/live\\?id=${anchor.roomId}$`));
    // 我的关注 on the phone: the followed team under 球队, nothing sideways.
    await phone.goto('/h5/#/attention?tab=team');
    await expect(phone.getByTestId('followed-teams').getByTestId('followed-item').filter({ hasText: teamName })).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('attention-tab-team')).toHaveAttribute('aria-selected', 'true');
    await expectNoHorizontalScroll(phone);

    // A guest gets the row too (the popular fallback), the live room in it.
    const guest = await (await browser.newContext()).newPage();
    await guest.goto('/web/#/main');
    await guest.locator('[data-widget-area="forYou"]').scrollIntoViewIfNeeded();
    await expect(guest.getByTestId('for-you').locator(`a[href="#/live?id=${anchor.roomId}"]`)).toBeVisible({ timeout: 30_000 });
  } finally {
    await stream?.stop();
  }
});
