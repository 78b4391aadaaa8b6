import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/journey';
import { avatarMenuButton, newMember, openAvatarMenu } from './support/accounts';
import { goLive } from './support/anchors';
import { uniqueIdNumber } from './support/idNumber';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 12, end to end on the real server and database: a member edits their profile and sees it
 * in the user menu, verifies their real name and applies to be an anchor; ops approve on the ops
 * page; the new anchor's Go live leads to broadcast records and their room console, where they
 * make a follower a room admin who then mutes a chatter; a visitor follows the anchor from their
 * public page; the watch history lists the room watched; LV rises from watching and chatting
 * (playwright.config.ts makes the level caps small: a count every 2 s).
 */
test.describe.configure({ timeout: 300_000 });

const PASSWORD = 'member-pass-2026';

interface Member {
  page: Page;
  id: number;
}

/** A new member (support/accounts.ts) and their user id, from the server's profile. */
async function newMemberWithId(browser: Browser): Promise<Member> {
  const { page } = await newMember(browser, PASSWORD);
  const profile = await page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  expect(profile.code).toBe(200);
  return { page, id: profile.data.id as number };
}

/** A nickname no other run took (the server keeps them unique), within the 16-character limit. */
const uniqueNickname = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`;

/**
 * Sends once the page's chat is in the room's group: the composer is there as soon as the chat
 * logs in, the join a moment later (a send before it is refused with 请先进入直播间聊天室 and
 * the text kept, so sending again is what a user would do).
 */
async function sendChat(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('my-chat-name')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: '发送消息' }).fill(text);
  const sent = page.getByTestId('chat-message').filter({ hasText: text }).first();
  await expect(async () => {
    if (!(await sent.isVisible())) await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect(sent).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function levelOf(page: Page): Promise<number> {
  const profile = await page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
  return profile.data.level as number;
}

test('profile, real name, anchor application approved by ops, room admins who mute, follows, watch history and levels', async ({ browser }) => {
  // ---- A member edits their nickname and avatar: the user menu shows them at once. ----
  const anchor = await newMemberWithId(browser);
  const anchorName = uniqueNickname('主播');
  await anchor.page.goto('/web/#/member?type=0');
  await anchor.page.getByTestId('nickname-input').fill(anchorName);
  await anchor.page.getByTestId('nickname-save').click();
  await expect(anchor.page.getByTestId('profile-nickname')).toHaveText(anchorName);
  await expect(avatarMenuButton(anchor.page)).toHaveAccessibleName(anchorName);
  const choice = anchor.page.getByTestId('avatar-choice').nth(2);
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  const chosen = await anchor.page.getByTestId('current-avatar').getAttribute('src');
  expect(chosen).toMatch(/\/static\/avatars\//);
  await expect(avatarMenuButton(anchor.page).locator('img')).toHaveAttribute('src', chosen ?? '');

  // ---- Apply to be an anchor: real name first, then the application; it waits for review. ----
  const menu = await openAvatarMenu(anchor.page);
  await menu.getByRole('menuitem', { name: '申请主播' }).click();
  await expect(anchor.page).toHaveURL(/#\/member\?type=7/);
  const verify = anchor.page.getByTestId('verify-form');
  await verify.getByTestId('real-name-input').fill('张三');
  await verify.getByTestId('id-number-input').fill(uniqueIdNumber());
  await verify.getByTestId('verify-submit').click();
  const apply = anchor.page.getByTestId('apply-form');
  await expect(apply).toBeVisible();
  await apply.getByTestId('apply-category').selectOption({ label: '足球' });
  await apply.getByTestId('apply-introduction').fill('十年业余足球解说，擅长中超和英超的比赛分析。');
  await apply.getByTestId('apply-sample').fill('https://example.com/my-broadcasts');
  await apply.getByTestId('apply-submit').click();
  await expect(anchor.page.getByTestId('application-state')).toHaveAttribute('data-state', 'pending');

  // ---- Ops approve it on the ops page. ----
  const opsPage = await (await browser.newContext()).newPage();
  await opsPage.goto('/web/#/ops');
  await approveOnOpsPage(opsPage, anchorName);

  // ---- Without signing in again, Go live now leads to broadcast records and the room console. ----
  await anchor.page.goto('/web/#/main');
  await anchor.page.reload();
  await anchor.page.getByRole('banner').getByRole('button', { name: '开播' }).click();
  await expect(anchor.page).toHaveURL(/#\/member\?type=9/);
  await expect(anchor.page.getByTestId('records-chart')).toBeVisible();
  await anchor.page.getByTestId('own-room-link').click();
  await goLive(anchor.page);
  const roomUrl = anchor.page.url();

  // ---- A visitor opens the anchor's public page and follows. ----
  const fan = await newMemberWithId(browser);
  const fanName = uniqueNickname('粉丝');
  await fan.page.goto('/web/#/member?type=0');
  await fan.page.getByTestId('nickname-input').fill(fanName);
  await fan.page.getByTestId('nickname-save').click();
  await expect(fan.page.getByTestId('profile-nickname')).toHaveText(fanName);
  await fan.page.goto(`/web/#/about-user?id=${anchor.id}`);
  const publicProfile = fan.page.getByTestId('public-profile');
  await expect(publicProfile).toContainText(anchorName);
  await expect(publicProfile).not.toContainText('张三');
  const follow = fan.page.getByTestId('follow-button');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(fan.page.getByTestId('fans-count')).toContainText('1');

  // ---- The anchor makes that follower a room admin from the console. ----
  await anchor.page.getByTestId('admin-search-input').fill(fanName);
  await anchor.page.getByTestId('admin-search-button').click();
  await anchor.page.getByTestId('follower-item').filter({ hasText: fanName }).getByTestId('add-admin').click();
  await expect(anchor.page.getByTestId('admin-item').filter({ hasText: fanName })).toBeVisible();
  await expect(anchor.page.getByTestId('admin-count')).toContainText('1/');

  // ---- A viewer chats; the admin mutes them from the chat. ----
  const chatter = await newMemberWithId(browser);
  await chatter.page.goto(roomUrl);
  await sendChat(chatter.page, '第一条消息');
  await fan.page.goto(roomUrl);
  await sendChat(chatter.page, '第二条消息');
  const chatterLine = fan.page.getByTestId('chat-message').filter({ hasText: '第二条消息' });
  await expect(chatterLine).toBeVisible();
  await chatterLine.getByRole('button', { name: /^禁言 / }).click();
  await expect(chatter.page.getByRole('textbox', { name: '发送消息' })).toHaveAttribute('placeholder', /你已被禁言/);

  // ---- LV rises from watching and chatting: the caps are small (playwright.config.ts). ----
  // Two messages at 20 exp and 50 exp per counted "minute" (every 2 s, 3 a day): LV2 at 100.
  await expect.poll(() => levelOf(chatter.page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await chatter.page.reload();
  await openAvatarMenu(chatter.page);
  await expect(chatter.page.getByText(/^LV[2-9]\d* · \d+ 经验$/)).toBeVisible();
  // …and the level badge rides on the chatter's messages.
  await expect(chatter.page.getByTestId('level-badge').first()).toBeVisible();

  // ---- The watch history lists the room the follower watched. ----
  // Leaving the room sends its last seconds; the page asks for the history when it opens, so a
  // busy machine may answer before that write lands: open it again until the room is listed.
  await fan.page.waitForTimeout(2_000);
  await fan.page.goto('/web/#/persona');
  const history = fan.page.getByTestId('history-item').first();
  await expect(async () => {
    if (!(await history.isVisible())) await fan.page.reload();
    await expect(history).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(history).toContainText(anchorName);
});

/** The ops page: the ops token, the pending applications, approve the one of `nickname`. */
async function approveOnOpsPage(page: Page, nickname: string): Promise<void> {
  await page.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await page.getByRole('button', { name: '进入' }).click();
  await page.getByTestId('ops-tab-applications').click();
  const row = page.getByTestId('anchor-applications').locator('[data-testid^="application-row-"]').filter({ hasText: nickname });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'pending');
  await row.locator('[data-testid^="application-approve-"]').click();
  await expect(row.locator('[data-testid^="application-outcome-"]')).toContainText('已通过');
}
