import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './support/journey';
import { assertMfLiveBuilt, brokenRelease, incompatibleRelease, MARKER, markedRelease } from './support/releaseCopies';
import { auditOf, E2E_ACTOR, E2E_OPS_TOKEN, mfOk, overrideAddress, publishWithCli, rolloutOf, runMf } from './support/rolloutOps';

/**
 * Staged rollouts end to end: a new mf-live release published with `pnpm mf`, canaried for one
 * QA browser, promoted, rolled back; a broken candidate halted by the error-rate rule while
 * visitors land on stable; an incompatible release refused; every step in the audit log.
 * The tests build on each other, in order.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let workDir = '';
let originalStable = '';
let markedId = '';
let brokenId = '';
/** The audit log's last entry before these journeys (the server's own start-up publishing). */
let auditBefore = 0;

/** Opens #/anchor (an mf-live page) in a fresh visitor's browser and waits for mf-live to render. */
async function openAnchor(browser: Browser, baseURL: string, address = '/web/'): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const seen = recordLoadEvents(page);
  await page.goto(`${address}#/anchor`);
  await expectShown(page.locator('main [data-remote="mf-live"]').first(), `a visitor of ${address}`, seen);
  return { page, close: () => context.close() };
}

/** What a page reported while loading remotes: its telemetry, console errors and page errors. */
function recordLoadEvents(page: Page): string[] {
  const seen: string[] = [];
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mf/telemetry')) seen.push(`${at()} telemetry ${request.postData() ?? ''}`);
    if (request.url().includes('/mf/')) seen.push(`${at()} GET ${request.url()}`);
  });
  page.on('requestfailed', (request) => seen.push(`${at()} failed ${request.url()}: ${request.failure()?.errorText ?? ''}`));
  page.on('console', (message) => message.type() === 'error' && seen.push(`${at()} console: ${message.text()}`));
  page.on('pageerror', (error) => seen.push(`${at()} page error: ${error.message}`));
  return seen;
}

/** Expects `locator` visible; when it is not, the failure says what the page did meanwhile. */
async function expectShown(locator: Locator, who: string, seen: string[]): Promise<void> {
  try {
    await expect(locator).toBeVisible();
  } catch (error) {
    const main = await locator.page().locator('main').innerText().catch(() => '(no main)');
    throw new Error(`${who}: ${locator} not shown. The page's main: ${JSON.stringify(main.slice(0, 300))}. What it did:\n${seen.join('\n')}`, { cause: error });
  }
}

async function expectMarker(page: Page, shown: boolean): Promise<void> {
  if (shown) {
    await expect(page.locator('html')).toHaveAttribute('data-mf-live-marker', MARKER);
    await expect(page.getByTestId('mf-live-marker')).toBeVisible();
  } else {
    await expect(page.locator('html')).not.toHaveAttribute('data-mf-live-marker', MARKER);
    await expect(page.getByTestId('mf-live-marker')).toHaveCount(0);
  }
}

test.beforeAll(async ({ baseURL }) => {
  assertMfLiveBuilt();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-rollouts-'));
  const state = await rolloutOf(baseURL!, 'mf_live');
  if (!state.stable) throw new Error('mf_live has no stable release: the server publishes mf-live/dist at start, is it built?');
  originalStable = state.stable;
  auditBefore = Math.max(0, ...(await auditOf(baseURL!, 'mf_live')).map((entry) => entry.id));
});

test.afterAll(async () => {
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

test('publish: pnpm mf publish uploads a marked mf-live build and registers it', async ({ baseURL }) => {
  markedId = await publishWithCli(baseURL!, await markedRelease(workDir), 'e2e: the canary-2 marker');
  expect(markedId).toMatch(/^0\.2\.0-[0-9a-f]{10}$/);
  const state = await rolloutOf(baseURL!, 'mf_live');
  expect(state.releases.find((release) => release.releaseId === markedId)).toMatchObject({ version: '0.2.0', createdBy: E2E_ACTOR });
  expect(state).toMatchObject({ stable: originalStable, candidate: null });
});

test('canary at 0 %: the QA override browser gets the marked release, everyone else does not', async ({ browser, baseURL }) => {
  await mfOk(baseURL!, ['canary', 'mf_live', markedId, '0', '--reason', 'e2e: QA only']);
  expect(await rolloutOf(baseURL!, 'mf_live')).toMatchObject({ candidate: markedId, candidatePercent: 0 });

  // A link naming the release without a token from the ops API does nothing.
  const stranger = await openAnchor(browser, baseURL!, `/web/?mf_override=mf_live@${markedId}`);
  await expectMarker(stranger.page, false);
  await stranger.close();

  const qa = await openAnchor(browser, baseURL!, await overrideAddress(baseURL!, 'mf_live', markedId));
  await expectMarker(qa.page, true);
  // The override sticks to that browser (a cookie) without the query parameter.
  await qa.page.goto('/web/#/anchor');
  await qa.page.reload();
  await expectMarker(qa.page, true);
  await qa.close();

  const visitor = await openAnchor(browser, baseURL!);
  await expectMarker(visitor.page, false);
  await visitor.close();
});

test('promote: every visitor gets the marked release', async ({ browser, baseURL }) => {
  await mfOk(baseURL!, ['promote', 'mf_live', '--reason', 'e2e: QA passed']);
  expect(await rolloutOf(baseURL!, 'mf_live')).toMatchObject({ stable: markedId, candidate: null });
  const visitor = await openAnchor(browser, baseURL!);
  await expectMarker(visitor.page, true);
  await visitor.close();
});

test('rollback to the previous stable release (found with pnpm mf list): the marker is gone', async ({ browser, baseURL }) => {
  const listed = JSON.parse(await mfOk(baseURL!, ['list', '--json'])) as { remote: string; releases: { releaseId: string }[] }[];
  const liveReleases = listed.find((state) => state.remote === 'mf_live')?.releases.map((release) => release.releaseId) ?? [];
  expect(liveReleases).toContain(originalStable);

  await mfOk(baseURL!, ['rollback', 'mf_live', '--to', originalStable, '--reason', 'e2e: back to the previous release']);
  expect(await rolloutOf(baseURL!, 'mf_live')).toMatchObject({ stable: originalStable, candidate: null });
  const visitor = await openAnchor(browser, baseURL!);
  await expectMarker(visitor.page, false);
  await visitor.close();
});

test('a broken candidate at 100 %: visitors land on the stable release, and the error-rate rule halts it', async ({ browser, baseURL }) => {
  // Up to 8 visitors' pages one after another: 19 s on a quiet machine, over 60 s on a loaded one.
  test.setTimeout(180_000);
  brokenId = await publishWithCli(baseURL!, await brokenRelease(workDir), 'e2e: a release that cannot load');
  await mfOk(baseURL!, ['canary', 'mf_live', brokenId, '100', '--reason', 'e2e: everyone, to see the brake work']);

  // MF_HALT_MIN_SAMPLE is 5 (playwright.config.ts): a few visitors' failures are enough.
  for (let visitor = 0; visitor < 8; visitor++) {
    const state = await rolloutOf(baseURL!, 'mf_live');
    if (state.candidatePercent === 0) break;
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const failureReported = page.waitForResponse((response) => {
      const report = response.url().endsWith('/api/mf/telemetry') ? (response.request().postDataJSON() as { version?: string; phase?: string }) : null;
      return report?.version === brokenId && report.phase === 'load';
    });
    const seen = recordLoadEvents(page);
    await page.goto('/web/#/anchor');
    // The candidate fails, the host falls back to stable: the page works, no fallback view.
    await expectShown(page.locator('main [data-remote="mf-live"]').first(), `visitor ${visitor}`, seen);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    await failureReported;
    await context.close();
  }

  await expect.poll(async () => (await rolloutOf(baseURL!, 'mf_live')).candidatePercent).toBe(0);
  const state = await rolloutOf(baseURL!, 'mf_live');
  expect(state).toMatchObject({ stable: originalStable, candidate: brokenId, candidatePercent: 0 });
  expect(state.releases.find((release) => release.releaseId === brokenId)?.health.errors).toBeGreaterThanOrEqual(5);
  const halt = (await auditOf(baseURL!, 'mf_live')).find((entry) => entry.action === 'halt');
  expect(halt).toMatchObject({ releaseId: brokenId, actor: 'system', detail: { previousPercent: 100 } });
  expect(halt?.reason).toContain('自动暂停');

  // Halted at 0 %: a new visitor is assigned stable straight away.
  const visitor = await openAnchor(browser, baseURL!);
  await expect(visitor.page.getByTestId('remote-fallback')).toHaveCount(0);
  await visitor.close();
});

test('an incompatible release (React 18) is refused with the reason', async ({ baseURL }) => {
  const refused = await runMf(baseURL!, ['publish', 'mf_live', '--dist', await incompatibleRelease(workDir), '--reason', 'e2e: React 18 build']);
  expect(refused.code).not.toBe(0);
  expect(refused.stdout.trim()).toBe('');
  expect(refused.stderr).toContain('发布被拒绝：');
  expect(refused.stderr).toContain('react 18.0.0');
  const refusal = (await auditOf(baseURL!, 'mf_live')).find((entry) => entry.action === 'publish' && Array.isArray(entry.detail.refused));
  expect(refusal).toMatchObject({ actor: E2E_ACTOR, reason: 'e2e: React 18 build' });
});

test('the ops page: token form only without the token, then states, error rates, audit and the operations', async ({ page, baseURL }) => {
  await page.goto('/web/#/ops');
  await expect(page.getByRole('heading', { name: '发布管理' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByLabel('运维令牌').fill('not-the-token');
  await page.getByRole('button', { name: '进入' }).click();
  await expect(page.getByRole('alert')).toHaveText('需要运维权限');

  await page.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await page.getByRole('button', { name: '进入' }).click();
  const live = page.getByRole('region', { name: '直播（mf_live）' });
  await expect(live.getByTestId('stable-mf_live')).toHaveText(`${originalStable}（流量 100%）`);
  await expect(live.getByTestId('candidate-mf_live')).toHaveText(`${brokenId}（流量 0%）`);
  const brokenRow = live.getByRole('row', { name: new RegExp(brokenId.replaceAll('.', '\\.')) });
  await expect(brokenRow.getByRole('cell').nth(4)).toHaveText('100.0%');
  await expect(page.getByRole('table', { name: /操作记录/ }).getByRole('row', { name: /自动暂停/ }).first()).toContainText('system');

  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // A QA override address from the page: refused for a rolled-back release, issued for the halted candidate.
  const override = live.getByRole('form', { name: '测试覆盖链接（QA）' });
  await override.getByRole('combobox').selectOption(markedId);
  await override.getByRole('button', { name: '生成链接' }).click();
  await expect(override.getByRole('alert')).toHaveText(`发布 ${markedId} 已回滚，不能用于测试覆盖；请先重新灰度`);
  await override.getByRole('combobox').selectOption(brokenId);
  await override.getByLabel('有效期（分钟）').fill('15');
  await override.getByRole('button', { name: '生成链接' }).click();
  const link = override.getByTestId('override-link-mf_live');
  await expect(link).toHaveAttribute('href', /\/web\/\?mf_override=/);
  const token = new URL((await link.getAttribute('href')) ?? '').searchParams.get('mf_override') ?? '';
  const assigned = (await (await fetch(`${baseURL}/api/mf/remotes?override=${encodeURIComponent(token)}`)).json()) as { data: { remotes: { name: string; version: string; channel: string }[] } };
  expect(assigned.data.remotes.find((remote) => remote.name === 'mf_live')).toMatchObject({ version: brokenId, channel: 'override' });

  // Drop the halted candidate from the page, with a reason.
  const rollback = live.getByRole('form', { name: '回滚' });
  await expect(rollback.getByLabel('回滚方式')).toHaveValue('');
  await rollback.getByLabel('原因（写入操作记录）').fill('e2e: drop the halted candidate');
  await rollback.getByRole('button', { name: '回滚' }).click();
  await expect(rollback.getByRole('status')).toHaveText('mf_live：操作已生效');
  await expect(live.getByTestId('candidate-mf_live')).toHaveText('无');
  expect(await rolloutOf(baseURL!, 'mf_live')).toMatchObject({ stable: originalStable, candidate: null });
});

test('every operation is in the audit log: who, what, when, why', async ({ baseURL }) => {
  const entries = (await auditOf(baseURL!, 'mf_live')).reverse().filter((entry) => entry.id > auditBefore);
  expect(entries.map((entry) => [entry.action, entry.releaseId, entry.actor, entry.reason])).toEqual([
    ['publish', markedId, E2E_ACTOR, 'e2e: the canary-2 marker'],
    ['canary', markedId, E2E_ACTOR, 'e2e: QA only'],
    ['promote', markedId, E2E_ACTOR, 'e2e: QA passed'],
    ['rollback', originalStable, E2E_ACTOR, 'e2e: back to the previous release'],
    ['publish', brokenId, E2E_ACTOR, 'e2e: a release that cannot load'],
    ['canary', brokenId, E2E_ACTOR, 'e2e: everyone, to see the brake work'],
    ['halt', brokenId, 'system', expect.stringContaining('自动暂停')],
    ['publish', expect.stringMatching(/^0\.4\.0-/), E2E_ACTOR, 'e2e: React 18 build'],
    ['rollback', brokenId, 'ops', 'e2e: drop the halted candidate'],
  ]);
  for (const entry of entries) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 10 * 60_000);

  const printed = await mfOk(baseURL!, ['audit', 'mf_live', '--limit', '3']);
  expect(printed).toMatch(/mf_live +halt +0\.3\.0-[0-9a-f]{10} +system +错误率/);
});
