import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { test } from './support/journey';
import { registerThroughApi } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 14, end to end on the real server: ops add a sensitive word on the ops page (敏感词); a
 * member's nickname with it is refused at once (no restart); a member reports another member;
 * ops see the report in 举报处理 (the nickname as its excerpt) and dismiss it, which the row's
 * audit shows under 已驳回. The word is removed whatever happens.
 */
test.describe.configure({ timeout: 120_000 });

const OPS = { 'x-ops-token': E2E_OPS_TOKEN };
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function removeWord(request: APIRequestContext, word: string): Promise<void> {
  await request.post('/api/ops/moderation/words', { headers: OPS, data: { remove: [word] } });
}

async function openOps(page: Page, tab: string): Promise<void> {
  await page.goto(`/web/#/ops?tab=${tab}`);
  await page.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await page.getByRole('button', { name: '进入' }).click();
  await expect(page.getByTestId(`ops-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** The member's user id, from the profile their session answers (a page or a browser context). */
async function memberId(member: { request: APIRequestContext }): Promise<number> {
  const answer = (await (await member.request.get('/api/user/info', { headers: XHR })).json()) as { code: number; data: { id: number } };
  expect(answer.code).toBe(200);
  return answer.data.id;
}

test('ops add a word, nicknames refuse it at once; a member reports a member, ops dismiss it with an audit', async ({ browser, request }) => {
  const word = `违禁词${randomInt(100_000, 999_999)}`;
  try {
    const ops = await (await browser.newContext()).newPage();
    await openOps(ops, 'moderationWords');
    await expect(ops.getByRole('table', { name: /敏感词（共/ })).toBeVisible();
    await ops.getByLabel('添加敏感词（每行一个，或用逗号分隔）').fill(` ${word} `);
    await ops.getByTestId('sensitive-word-add').click();
    await expect(ops.getByTestId('sensitive-word-status')).toHaveText('已添加 1 个');
    await expect(ops.getByRole('row', { name: new RegExp(word) })).toBeVisible();
    const serious = (await new AxeBuilder({ page: ops }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);

    // A member: the word in a nickname is refused now, in full width too.
    // (Registered through the API, as the site's modal does it: this journey is about the words.)
    const member = await browser.newContext();
    await registerThroughApi(member, 'moderation-pass-2026');
    const fullWidth = word.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    for (const nickname of [`球迷${word}`, `球迷 ${fullWidth}`]) {
      const refused = (await (await member.request.post('/api/member/updateInfo', { headers: XHR, data: { user_nickname: nickname } })).json()) as { code: number; reason: string };
      expect(refused, nickname).toMatchObject({ code: 1, reason: 'NICKNAME_BLOCKED' });
    }

    // Another member reports the first one (kind user).
    const reporter = await browser.newContext();
    await registerThroughApi(reporter, 'moderation-pass-2026');
    const reportedId = await memberId(member);
    const filed = (await (await reporter.request.post('/api/moderation/report', { headers: XHR, data: { kind: 'user', target_id: String(reportedId), reason: 'abuse', text: '<b>辱骂</b>' } })).json()) as { code: number };
    expect(filed.code).toBe(200);
    const again = (await (await reporter.request.post('/api/moderation/report', { headers: XHR, data: { kind: 'user', target_id: String(reportedId), reason: 'spam' } })).json()) as { code: number; reason: string };
    expect(again).toMatchObject({ code: 1, reason: 'MODERATION_DUPLICATE_REPORT' });

    // Ops: the queue shows it (the reporter's words as text), dismiss after a confirm.
    // The token is kept for the tab: the other section is one click away.
    await ops.getByRole('tab', { name: '举报处理' }).click();
    await expect(ops.getByTestId('ops-tab-moderationReports')).toHaveAttribute('aria-selected', 'true');
    const key = `user-${reportedId}`;
    const row = ops.getByTestId(`report-group-${key}`);
    await expect(row).toContainText('1 次举报');
    await expect(row).toContainText('辱骂攻击 ×1');
    await expect(row).toContainText('<b>辱骂</b>');
    await row.getByTestId(`report-dismiss-${key}`).click();
    await row.getByTestId(`report-confirm-dismiss-${key}`).click();
    await expect(ops.getByTestId('report-status')).toHaveText(`用户 #${reportedId}：已驳回举报，1 条举报已处理`);
    await expect(row).toHaveCount(0);
    await ops.getByTestId('report-state-filter').selectOption('dismissed');
    await expect(ops.getByTestId(`report-audit-${key}`)).toContainText('驳回举报 · ops');
  } finally {
    await removeWord(request, word);
  }
});
