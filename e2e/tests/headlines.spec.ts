import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { registerOnPage } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 14, end to end on the real server: an editor writes and publishes a headline on the ops
 * page (头条编辑); the home page's headlines widget (api/Portal_post/getList2) shows it; clicking
 * it opens its article page (#/detail) with the body rendered from the server's safe HTML; the
 * read is recorded (api/Headlines_user/insert): a guest's read counts once (a reload within the
 * server's 30 minutes does not count again), a member reading it on a reload counts one more;
 * the member's like counts; my space lists the read. The article is hidden at the end, so other
 * journeys see the feed they expect.
 *
 * Comments and reports on an article: a guest's comment asks to log in; a member comments,
 * replies to the comment and likes it (the counts follow), then reports the article; ops see the
 * report in 举报处理 (no author to ban) and hide the article, which then leaves its page.
 */
test.describe.configure({ timeout: 120_000 });

const opsHeaders = { 'x-ops-token': E2E_OPS_TOKEN };

async function hideByTitle(request: APIRequestContext, title: string): Promise<void> {
  const page = (await (await request.get('/api/ops/headlines', { headers: opsHeaders, params: { page_size: 50 } })).json()) as { data: { list: { id: number; title: string; state: string }[] } };
  for (const article of page.data.list.filter((candidate) => candidate.title === title && candidate.state !== 'hidden')) {
    await request.post(`/api/ops/headlines/${article.id}/state`, { headers: opsHeaders, data: { state: 'hidden' } });
  }
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

test('a headline written by ops appears on the home widget and its detail page; reads and likes count', async ({ browser, request }) => {
  const title = `编辑部头条 ${randomInt(100_000, 999_999)}`;
  try {
    // The editor writes and publishes it on the ops page.
    const ops = await (await browser.newContext()).newPage();
    await ops.goto('/web/#/ops?tab=headlines');
    await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
    await ops.getByRole('button', { name: '进入' }).click();
    await expect(ops.getByTestId('ops-tab-headlines')).toHaveAttribute('aria-selected', 'true');
    const form = ops.getByTestId('headline-form');
    await form.getByTestId('headline-title').fill(title);
    await form.getByTestId('headline-category').selectOption('football');
    await form.getByLabel('署名（可不填，默认为操作人）').fill('体育编辑部');
    await form.getByTestId('headline-body').fill('## 赛前看点\n\n主队近五场 **全胜**，客队 *客场不败*。\n\n<script>window.__pwned = 1</script>');
    await form.getByTestId('headline-save-publish').click();
    await expect(ops.getByTestId('headline-outcome')).toHaveText('已发布，首页与资讯页即时可见');

    // A guest sees it on the home page's widget and opens it.
    const reader = await (await browser.newContext()).newPage();
    await reader.goto('/web/#/main');
    const widget = reader.getByTestId('widget-headlines');
    const link = widget.getByRole('link', { name: title });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await link.click();
    await expect(reader).toHaveURL(/#\/detail\?id=\d+$/);
    const article = reader.getByTestId('headline-article');
    await expect(article.getByTestId('headline-title')).toHaveText(title);
    await expect(article).toContainText('作者：体育编辑部');
    const body = article.getByTestId('headline-body');
    await expect(body.getByRole('heading', { name: '赛前看点' })).toBeVisible();
    await expect(body.locator('strong')).toHaveText('全胜');
    await expect(body.locator('em')).toHaveText('客场不败');
    // The raw HTML in the Markdown is shown as text, never run.
    await expect(body).toContainText('<script>window.__pwned = 1</script>');
    expect(await body.locator('script').count()).toBe(0);
    expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(article.getByTestId('headline-views')).toHaveText('阅读 1');

    // The same guest reloading within the server's window is not counted again.
    await reader.reload();
    await expect(article.getByTestId('headline-title')).toHaveText(title);
    await expect(article.getByTestId('headline-views')).toHaveText('阅读 1');

    // A guest's 点赞 asks to log in; registered, the reload is a member's read and counts.
    await article.getByTestId('headline-like').click();
    const login = reader.getByRole('dialog', { name: '密码登录' });
    await expect(login).toBeVisible();
    await login.press('Escape');
    await expect(login).toBeHidden();
    // Registered (through the API: the modal's own journeys are accounts.spec.ts), the page
    // reloads as the member.
    await registerOnPage(reader, 'headline-pass-2026');
    await expect(article.getByTestId('headline-views')).toHaveText('阅读 2');
    await article.getByTestId('headline-like').click();
    await expect(article.getByTestId('headline-likes')).toHaveText('1 赞');
    await expect(article.getByTestId('headline-like')).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(reader)).toEqual([]);

    // The news page lists it, and my space's reading history has it.
    await reader.goto('/web/#/news');
    await expect(reader.getByTestId('news-list').getByRole('link', { name: title })).toBeVisible();
    await reader.goto('/web/#/persona');
    await expect(reader.getByTestId('reading-history').getByRole('link', { name: title })).toBeVisible();
    expect(await seriousViolations(reader)).toEqual([]);
  } finally {
    await hideByTitle(request, title);
  }
});

test('a member comments on an article, replies and reports it; ops see the report in 举报处理 and hide the article', async ({ browser, request }) => {
  const title = `评论测试头条 ${randomInt(100_000, 999_999)}`;
  try {
    const created = (await (await request.post('/api/ops/headlines', { headers: opsHeaders, data: { title, category: 'general', body: '一篇可以评论的文章。' } })).json()) as { code: number; data: { id: number } };
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect(((await (await request.post(`/api/ops/headlines/${id}/state`, { headers: opsHeaders, data: { state: 'published' } })).json()) as { code: number }).code).toBe(200);

    const reader = await (await browser.newContext()).newPage();
    await reader.goto(`/web/#/detail?id=${id}`);
    const article = reader.getByTestId('headline-article');
    await expect(article.getByTestId('headline-title')).toHaveText(title);
    const comments = reader.getByTestId('comments');
    await expect(comments.getByTestId('comments-empty')).toHaveText('还没有评论，来说两句吧');

    // A guest's comment asks to log in and sends nothing.
    await comments.getByTestId('comment-input').fill('游客的评论');
    await comments.getByTestId('comment-submit').click();
    const login = reader.getByRole('dialog', { name: '密码登录' });
    await expect(login).toBeVisible();
    await login.press('Escape');
    await expect(login).toBeHidden();
    await registerOnPage(reader, 'comment-pass-2026');

    // The member comments, replies to it and likes it.
    await comments.getByTestId('comment-input').fill('这篇分析很到位');
    await comments.getByTestId('comment-submit').click();
    const thread = comments.getByTestId('comment-thread');
    await expect(thread.getByTestId('comment-text')).toHaveText('这篇分析很到位');
    await expect(comments.getByTestId('comments-heading')).toHaveText('评论（1）');
    const top = thread.getByTestId('comment').first();
    await top.getByTestId('comment-reply').click();
    await thread.getByTestId('reply-input').fill('补充一句：防守也不错');
    await thread.getByTestId('reply-submit').click();
    await expect(thread.getByTestId('comment-replies').getByTestId('comment-text')).toHaveText('补充一句：防守也不错');
    await expect(comments.getByTestId('comments-heading')).toHaveText('评论（2）');
    await top.getByTestId('comment-like').click();
    await expect(top.getByTestId('comment-like-count')).toHaveText('1 赞');

    // After a reload the server's list and counts say the same.
    await reader.reload();
    await expect(comments.getByTestId('comments-heading')).toHaveText('评论（2）');
    await expect(comments.getByTestId('comment-thread').getByTestId('comment')).toHaveCount(2);
    await expect(comments.getByTestId('comment').first().getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(reader)).toEqual([]);

    // The member reports the article.
    await article.getByTestId('headline-report').click();
    await article.getByTestId('headline-report-form').getByLabel('举报原因').selectOption('spam');
    await article.getByTestId('headline-report-submit').click();
    await expect(article.getByText('已举报，感谢反馈')).toBeVisible();

    // Ops see it in 举报处理: the article's title, no author to ban; they hide it.
    const ops = await (await browser.newContext()).newPage();
    await ops.goto('/web/#/ops?tab=moderationReports');
    await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
    await ops.getByRole('button', { name: '进入' }).click();
    await expect(ops.getByTestId('ops-tab-moderationReports')).toHaveAttribute('aria-selected', 'true');
    const key = `headline-${id}`;
    const row = ops.getByTestId(`report-group-${key}`);
    await expect(ops.getByTestId(`report-excerpt-${key}`)).toHaveText(title);
    await expect(row).toContainText('1 次举报');
    await expect(row.getByTestId(`report-ban-${key}`)).toHaveCount(0);
    await row.getByTestId(`report-hide-${key}`).click();
    await row.getByTestId(`report-confirm-hide-${key}`).click();
    await expect(ops.getByTestId('report-status')).toContainText(`头条 #${id}`);

    // The article has left its page.
    await reader.reload();
    await expect(reader.getByRole('alert').filter({ hasText: '文章加载失败' })).toBeVisible();
    await expect(reader.getByTestId('headline-article')).toHaveCount(0);
  } finally {
    await hideByTitle(request, title);
  }
});
