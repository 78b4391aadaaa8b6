import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember, openAvatarMenu } from './support/accounts';
import { uniqueIdNumber } from './support/idNumber';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * The message centre (消息中心, issue 39 part 3; docs/flows/message-centre.md): a message written
 * by a real event reaches the member's open page over the chat socket (the badge, without a
 * reload), and the page lists it under its tab; 全部已读 clears the badge.
 */

const PASSWORD = 'message-centre-2026';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function profileOf(request: APIRequestContext): Promise<{ id: number; user_nickname: string }> {
  const answer = (await (await request.get('/api/user/info', { headers: XHR })).json()) as { code: number; data: { id: number; user_nickname: string } };
  expect(answer.code).toBe(200);
  return answer.data;
}

async function postAs(request: APIRequestContext, url: string, data: object): Promise<{ code: number; msg: string; data: { id: number } }> {
  const answer = (await (await request.post(url, { headers: XHR, data })).json()) as { code: number; msg: string; data: { id: number } };
  expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
  return answer;
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('message-unread-badge');

async function openMessageCentre(page: Page): Promise<void> {
  const menu = await openAvatarMenu(page);
  await menu.getByRole('menuitem', { name: /消息中心/ }).click();
  await expect(page).toHaveURL(/#\/messages/);
  await expect(page.getByTestId('message-centre')).toBeVisible();
}

test('ops approve an anchor application: the applicant\'s open page shows the badge at once and 系统通知 lists it', async ({ browser }) => {
  const applicant = await newMember(browser, PASSWORD);
  const { user_nickname: nickname } = await profileOf(applicant.context.request);
  // What reaches the page over the chat socket (the push), and how often it asks for the count.
  const notices: string[] = [];
  applicant.page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws/chat')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"type":"notice"')) notices.push(payload);
    });
  });
  await applicant.page.reload();
  // The application itself is the member centre's journey: here it is made through the API.
  await postAs(applicant.context.request, '/api/Member/verified', { name: '李四', id_number: uniqueIdNumber() });
  await postAs(applicant.context.request, '/api/Member/applyAnchor', { category: 1, introduction: '十年业余足球解说，擅长中超和英超的比赛分析。', sample: 'https://example.com/my-broadcasts' });
  await expect(badge(applicant.page)).toHaveCount(0);

  // Ops approve it on the ops page.
  const ops = await (await browser.newContext()).newPage();
  await ops.goto('/web/#/ops');
  await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await ops.getByRole('button', { name: '进入' }).click();
  await ops.getByTestId('ops-tab-applications').click();
  const row = ops.getByTestId('anchor-applications').locator('[data-testid^="application-row-"]').filter({ hasText: nickname });
  await expect(row).toHaveAttribute('data-state', 'pending');
  await row.locator('[data-testid^="application-approve-"]').click();
  await expect(row.locator('[data-testid^="application-outcome-"]')).toContainText('已通过');

  // The applicant's page, not reloaded since: the badge shows 1, pushed over the chat socket.
  await expect(badge(applicant.page)).toHaveText('1', { timeout: 10_000 });
  expect(notices.some((frame) => frame.includes('消息中心'))).toBe(true);
  await openMessageCentre(applicant.page);
  await expect(applicant.page.getByTestId('message-tab-system')).toHaveAttribute('aria-selected', 'true');
  const item = applicant.page.getByTestId('message-item').filter({ hasText: '主播申请已通过' });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByRole('link', { name: '查看' })).toHaveAttribute('href', /^#\/live\?id=\d+$/);
  await expect(item.locator('time')).toHaveText('刚刚');
  // The page with its unread badge and item: no serious accessibility problem.
  const serious = (await new AxeBuilder({ page: applicant.page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
});

test('a reply to a post arrives under the author\'s 互动; 全部已读 clears the badge', async ({ browser }) => {
  const author = await newMember(browser, PASSWORD);
  const post = await postAs(author.context.request, '/api/anchor_dynamics_user/insert', { text: `消息中心测试帖 ${Date.now()}` });
  const replier = await newMember(browser, PASSWORD);
  const { user_nickname: replierName } = await profileOf(replier.context.request);

  await replier.page.goto(`/web/#/circle-detail?id=${post.data.id}`);
  await replier.page.getByTestId('comment-input').fill('说得好，同意！');
  await replier.page.getByTestId('comment-submit').click();
  await expect(replier.page.getByTestId('comment-thread').getByTestId('comment-text')).toHaveText('说得好，同意！');

  await expect(badge(author.page)).toHaveText('1', { timeout: 10_000 });
  await openMessageCentre(author.page);
  await author.page.getByTestId('message-tab-interaction').click();
  const item = author.page.getByTestId('message-item').filter({ hasText: '收到回复' });
  await expect(item).toContainText(`${replierName} 评论了你的帖子：说得好，同意！`);
  await expect(item.getByRole('link', { name: '查看' })).toHaveAttribute('href', `#/circle-detail?id=${post.data.id}`);
  // The replier is told nothing of their own comment.
  await expect(badge(replier.page)).toHaveCount(0);

  await author.page.getByTestId('message-read-all').click();
  await expect(badge(author.page)).toHaveCount(0);
  await expect(item).toHaveAttribute('data-read', 'true');
  await author.page.reload();
  await author.page.getByTestId('message-tab-interaction').click();
  await expect(author.page.getByTestId('message-item').first()).toHaveAttribute('data-read', 'true');
  await expect(badge(author.page)).toHaveCount(0);
});
