import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './support/journey';
import { registerMemberIn } from './support/accounts';

/**
 * Issue 33, one notion of time: every time the site shows is China time (Asia/Shanghai), whatever
 * the browser's zone and the server's (the run's server is in New York's zone: E2E_SERVER_ENV.TZ).
 * A member whose browser is set to New York posts in #/circle; the post shows the same time on
 * #/circle, #/circle-detail, #/about-user and search, and that time is the China time of the
 * moment it was posted. A day later (the page's clock moved on) every page reads 昨天 HH:mm with
 * China's HH:mm, not New York's.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'china-time-2026';
const NEW_YORK = 'America/New_York';

/** 'YYYY-MM-DD HH:mm' in China, by the runtime's own time-zone data (not the site's code). */
function chinaMinute(ms: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** The same minute in New York: what a page formatting in the browser's zone would show. */
function newYorkMinute(ms: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: NEW_YORK, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

interface ShownTime {
  text: string;
  title: string;
  dateTime: string;
}

async function shownTime(time: Locator): Promise<ShownTime> {
  await expect(time).toBeVisible();
  return { text: ((await time.textContent()) ?? '').trim(), title: (await time.getAttribute('title')) ?? '', dateTime: (await time.getAttribute('datetime')) ?? '' };
}

/** A guest's page in a New York browser whose clock reads `at` (Date.now and new Date; timers run). */
async function guestPageAt(browser: Browser, at: number): Promise<Page> {
  const context = await browser.newContext({ timezoneId: NEW_YORK });
  const page = await context.newPage();
  await page.clock.setFixedTime(at);
  return page;
}

test('a post from a New York browser shows the China time it was posted, the same on every page', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: NEW_YORK });
  const { page } = await registerMemberIn(context, PASSWORD);
  // The browser really is in New York.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(NEW_YORK);

  // ---- The member posts in #/circle. ----
  const term = `时${String(Date.now()).slice(-8)}`;
  const text = `E2E 北京时间 ${term}`;
  await page.goto('/web/#/circle');
  const composer = page.getByTestId('composer');
  await composer.getByTestId('composer-text').fill(text);
  const before = Date.now();
  await composer.getByTestId('composer-submit').click();
  await expect(composer.getByRole('status')).toHaveText('发布成功');
  const after = Date.now();
  const card = page.getByTestId('post-card').filter({ hasText: text }).first();
  await expect(card).toBeVisible();
  const postId = (await card.getAttribute('data-post-id')) ?? '';
  expect(postId).toMatch(/^[1-9][0-9]*$/);
  const authorHref = (await card.getByTestId('post-author').getAttribute('href')) ?? '';
  expect(authorHref).toMatch(/^#\/about-user\?id=[1-9][0-9]*$/);

  // The instant the server stored is the moment it was posted (ISO with its offset), and the page
  // shows its China time: as the tooltip, and "just now" as the text.
  const onCircle = await shownTime(card.getByTestId('post-time'));
  expect(onCircle.dateTime).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
  const postedAt = Date.parse(onCircle.dateTime);
  expect(postedAt).toBeGreaterThanOrEqual(before - 2_000);
  expect(postedAt).toBeLessThanOrEqual(after + 2_000);
  expect([chinaMinute(before), chinaMinute(after)]).toContain(chinaMinute(postedAt));
  expect(onCircle.title).toBe(chinaMinute(postedAt));
  expect(onCircle.title).not.toBe(newYorkMinute(postedAt));
  expect(onCircle.text).toMatch(/^(刚刚|[1-5]?[0-9]分钟前)$/);

  // ---- The same post on its page, on #/about-user and in search: the same time. ----
  await page.goto(`/web/#/circle-detail?id=${postId}`);
  const onDetail = await shownTime(page.getByTestId('post-time'));
  expect(onDetail.title).toBe(onCircle.title);

  await page.goto(`/web/${authorHref}`);
  const userPost = page.locator(`[data-testid="user-post"][data-post-id="${postId}"]`);
  const onAboutUser = await shownTime(userPost.getByTestId('user-post-time'));
  expect(onAboutUser).toEqual({ ...onCircle, text: expect.stringMatching(/^(刚刚|[1-5]?[0-9]分钟前)$/) });

  await page.goto(`/web/#/search?name=${encodeURIComponent(term)}&tab=posts`);
  const found = page.getByTestId('search-posts').locator('time');
  await expect(found).toHaveCount(1);
  expect((await shownTime(found)).title).toBe(onCircle.title);

  // ---- A day later by the page's clock: 昨天 and China's hour and minute, on every page. ----
  const yesterday = `昨天 ${chinaMinute(postedAt).slice(11)}`;
  expect(yesterday).not.toBe(`昨天 ${newYorkMinute(postedAt).slice(11)}`);
  const guest = await guestPageAt(browser, postedAt + 24 * 3_600_000);
  await guest.goto('/web/#/circle');
  await expect(guest.locator(`[data-testid="post-card"][data-post-id="${postId}"]`).getByTestId('post-time')).toHaveText(yesterday);
  await guest.goto(`/web/${authorHref}`);
  await expect(guest.locator(`[data-testid="user-post"][data-post-id="${postId}"]`).getByTestId('user-post-time')).toHaveText(yesterday);
  await guest.goto(`/web/#/circle-detail?id=${postId}`);
  await expect(guest.getByTestId('post-time')).toHaveText(yesterday);
});
