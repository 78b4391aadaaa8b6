import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { expectNoHorizontalScroll, expectTouchTargets, phoneContext, type PhoneName } from './support/phones';
import { newMember } from './support/accounts';

/**
 * Issue 17, reading on a phone (/h5): the circle's feed, a post and its comments (one written from
 * a phone), the headlines and an article, the home page's widgets in one column, and 我的 (profile,
 * follows, reservations): no sideways scroll anywhere, 44 px touch targets, readable text.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'h5-community-2026';

/** Body text of at least 14 px. */
async function expectReadable(page: Page, selector: string): Promise<void> {
  const size = await page.locator(selector).first().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(size).toBeGreaterThanOrEqual(14);
}

test('a member comments on a post from a phone; a guest on another phone reads the post and the comment', async ({ browser }) => {
  const desk = await newMember(browser, PASSWORD);
  const memberContext = await phoneContext(browser, 'Pixel 7', { storageState: await desk.context.storageState() });
  await desk.context.close();
  const member = await memberContext.newPage();

  // The feed, in one column; a tap on a post's text opens it.
  await member.goto('/h5/#/circle');
  const firstPost = member.getByTestId('post-card').first();
  await expect(firstPost).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(member);
  await expectTouchTargets(member, 'mf-community');
  await expectReadable(member, '[data-testid="post-text"]');
  const postId = await firstPost.getAttribute('data-post-id');
  expect(postId).toMatch(/^[0-9]+$/);
  await firstPost.getByTestId('post-text').getByRole('link').tap();
  await expect(member).toHaveURL(new RegExp(`/h5/#/circle-detail\\?id=${postId}$`));

  const comment = `手机评论 ${Date.now()}`;
  await member.getByTestId('comment-input').fill(comment);
  await member.getByTestId('comment-submit').tap();
  await expect(member.getByTestId('comment-thread').getByTestId('comment-text').filter({ hasText: comment })).toBeVisible();
  await expectNoHorizontalScroll(member);
  await expectTouchTargets(member, 'mf-community');
  await memberContext.close();

  const guestContext = await phoneContext(browser, 'iPhone 13');
  const guest = await guestContext.newPage();
  await guest.goto('/h5/#/circle');
  const post = guest.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
  await expect(post).toBeVisible({ timeout: 30_000 });
  await post.getByTestId('post-comment-count').tap();
  await expect(guest).toHaveURL(new RegExp(`/h5/#/circle-detail\\?id=${postId}$`));
  await expect(guest.getByTestId('comment-thread').getByTestId('comment-text').filter({ hasText: comment })).toBeVisible({ timeout: 15_000 });
  await expectReadable(guest, '[data-testid="comment-text"]');
  await expectNoHorizontalScroll(guest);
  await guestContext.close();
});

test('on an iPhone the headlines list and an article read without sideways scroll; the home widgets stack in one column', async ({ browser }) => {
  const context = await phoneContext(browser, 'iPhone 13');
  const page = await context.newPage();

  await page.goto('/h5/#/news');
  const card = page.getByTestId('headline-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-community');
  const headlineId = await card.getAttribute('data-headline-id');
  await card.getByRole('link').first().tap();
  await expect(page).toHaveURL(new RegExp(`/h5/#/detail\\?id=${headlineId}$`));
  await expect(page.getByTestId('headline-article')).toBeVisible({ timeout: 30_000 });
  await expectReadable(page, '[data-testid="headline-article"] p');
  await expectNoHorizontalScroll(page);

  // Home: the three remotes' widgets, one above the other, each as wide as the screen allows.
  await page.goto('/h5/#/main');
  const widgets = page.locator('[data-testid="widget-hotMatches"], [data-testid="widget-liveRecommend"], [data-testid="widget-headlines"]');
  await expect(widgets).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('headlines-widget-item').first()).toBeVisible({ timeout: 30_000 });
  const boxes = await widgets.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  const viewport = page.viewportSize()?.width ?? 0;
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(viewport);
    expect(box.width).toBeGreaterThan(viewport * 0.8);
  }
  const byTop = [...boxes].sort((a, b) => a.top - b.top);
  byTop.slice(1).forEach((box, index) => expect(box.top).toBeGreaterThanOrEqual(byTop[index]?.bottom ?? 0));
  await expectNoHorizontalScroll(page);
  await context.close();
});

test('我的 on a Pixel: profile, follows and reservations fit the screen with 44 px targets', async ({ browser }) => {
  const desk = await newMember(browser, PASSWORD);
  const context = await phoneContext(browser, 'Pixel 7', { storageState: await desk.context.storageState() });
  await desk.context.close();
  const page = await context.newPage();

  await page.goto('/h5/#/member');
  await expect(page.getByTestId('profile-nickname')).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-member');
  // The profile's links to the other sections are phone-sized too.
  const links = await page.locator('[data-remote="mf-member"] ul a').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(links.length).toBeGreaterThan(0);
  for (const height of links) expect(height).toBeGreaterThanOrEqual(44);

  await page.goto('/h5/#/member?type=2');
  await expect(page.locator('[data-remote="mf-member"] h1')).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-member');

  await page.goto('/h5/#/reserve');
  await expect(page.locator('[data-remote="mf-live"] h1')).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page, 'mf-live');
  await context.close();
});
