import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './support/journey';
import { recharge, registerThroughApi } from './support/accounts';
import { newAnchorOnAir } from './support/anchors';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 35 sections 6-7 (ops see every red packet and lottery with its audit trail), end to end on
 * the real server and database, the anchors' coins and the members' actions through the API:
 * - 红包审计: an anchor funds a red packet of 10 coins in 3 shares (expiring in 5 s, the e2e
 *   server's minimum), a member grabs one share, and the ops page shows the packet in its room, its
 *   shares with the grabber (member, time, ledger key), the committed seed hash; once the packet has
 *   finished (the sweeper runs every second here) the revealed seed, the refund of the two other
 *   shares, and 校验 一致: the browser recomputed the split and the hash from the seed
 *   (host/src/ops/redPacketVerify.ts).
 * - 天选审计: an anchor opens a lottery of 20 coins for 1 winner among followers (a 10 s window), a
 *   follower enters, and once drawn the ops page shows the entry won and paid (its ledger key), and
 *   校验 一致: the winners recomputed from the revealed seed and the entrants (lotteryVerify.ts).
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'audit-pass-2026';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

interface Envelope<Data> {
  code: number;
  msg: string;
  data: Data;
}

async function postAs<Data>(request: APIRequestContext, url: string, headers: Record<string, string> = {}, data?: object): Promise<Data> {
  const answer = (await (await request.post(url, { headers: { ...XHR, ...headers }, data })).json()) as Envelope<Data>;
  expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
  return answer.data;
}

/** The ops page on one audit section, signed in with the token, showing room `roomId`. */
async function openOpsAudit(browser: Browser, tab: 'redPacketAudit' | 'lotteryAudit', prefix: string, roomId: string): Promise<Page> {
  const ops = await (await browser.newContext()).newPage();
  await ops.goto(`/web/#/ops?tab=${tab}`);
  await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await ops.getByRole('button', { name: '进入' }).click();
  await expect(ops.getByTestId(`ops-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  await ops.getByTestId(`${prefix}-room-filter`).fill(roomId);
  await ops.getByTestId(`${prefix}-search`).click();
  return ops;
}

/** 刷新 until the row's state cell says `state` (the sweeper finishes or draws within seconds). */
async function refreshUntil(ops: Page, stateCell: string, state: string): Promise<void> {
  await expect(async () => {
    await ops.getByRole('button', { name: '刷新' }).click();
    await expect(ops.getByTestId(stateCell)).toHaveText(state, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
}

test('ops see a red packet in 红包审计: its shares with the grabber, and 校验 一致 from the revealed seed once finished', async ({ browser, request }) => {
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '红包审计直播间');
  await recharge(anchor.page, anchor.context);
  const grabberContext = await browser.newContext();
  const grabber = await registerThroughApi(grabberContext, PASSWORD);

  // The anchor funds 10 coins in 3 shares, living 5 s; the member grabs at once.
  const created = await postAs<{ packet: { id: number; seed_hash: string } }>(
    anchor.context.request,
    `/api/RedPacket/create?room_id=${anchor.roomId}&total_coins=10&shares=3&expiry_seconds=5`,
    { 'idempotency-key': `e2e-audit-${Date.now()}` },
  );
  const packetId = created.packet.id;
  const grab = await postAs<{ amount: number }>(grabberContext.request, `/api/RedPacket/grab?packet_id=${packetId}`);
  expect(grab.amount).toBeGreaterThanOrEqual(1);

  // Ops open 红包审计 with the token and choose the anchor's room.
  const ops = await openOpsAudit(browser, 'redPacketAudit', 'red-packet-audit', anchor.roomId);
  await expect(ops.getByRole('table', { name: new RegExp(`红包（直播间 ${anchor.roomId}，最新 1 个`) })).toBeVisible();
  const row = ops.getByTestId(`red-packet-audit-row-${packetId}`);
  await expect(row.getByRole('cell').nth(3)).toHaveText('10');
  await expect(row.getByRole('cell').nth(5)).toHaveText('1/3');

  // Finished within seconds of its expiry: 刷新 until it says so.
  await refreshUntil(ops, `red-packet-audit-state-${packetId}`, '已结束');

  await ops.getByTestId(`red-packet-audit-row-${packetId}-toggle`).click();
  const trail = ops.getByRole('region', { name: `红包 ${packetId} 的审计` });
  await expect(trail.getByTestId(`red-packet-audit-seed-hash-${packetId}`)).toHaveText(created.packet.seed_hash);
  await expect(trail.getByTestId(`red-packet-audit-seed-${packetId}`)).toHaveText(/^[0-9a-f]{64}$/);
  await expect(trail.getByTestId(`red-packet-audit-verify-${packetId}-result`)).toHaveText('一致', { timeout: 15_000 });
  await expect(trail.getByTestId(`red-packet-audit-verify-${packetId}`)).toContainText('种子哈希一致；3 份金额与种子推算一致');

  // Share 0 is the grabber's (grabs take shares in index order), with its ledger key; the others went back.
  const first = trail.getByTestId(`red-packet-share-${packetId}-0`);
  await expect(first).toHaveAttribute('data-member', String(grabber.profile.id));
  await expect(first.getByRole('cell')).toHaveText(['0', String(grab.amount), String(grabber.profile.id), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, /./, /./, '已领取', `red_packet_grab:${packetId}:${grabber.profile.id}`]);
  for (const idx of [1, 2]) await expect(trail.getByTestId(`red-packet-share-${packetId}-${idx}`).getByRole('cell').nth(6)).toHaveText('已退回');
  await expect(trail.getByTestId(`red-packet-audit-refund-${packetId}`)).toContainText(`red_packet_refund:${packetId}，退回 ${10 - grab.amount} 金币`);
  await expectNoSeriousAxeViolations(ops);
});

test('ops see a lottery in 天选审计: the entry won and paid, and 校验 一致 from the revealed seed once drawn', async ({ browser, request }) => {
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '天选审计直播间');
  await recharge(anchor.page, anchor.context);
  const followerContext = await browser.newContext();
  const follower = await registerThroughApi(followerContext, PASSWORD);

  // The anchor opens a lottery: 20 coins for 1 winner among followers, entries for 10 s.
  const created = await postAs<{ lottery: { id: number; anchor_id: number; seed_hash: string } }>(
    anchor.context.request,
    `/api/Lottery/create?room_id=${anchor.roomId}&prize_coins=20&winners=1&window_seconds=10&condition=follow`,
    { 'idempotency-key': `e2e-audit-lottery-${Date.now()}` },
  );
  const lotteryId = created.lottery.id;
  await postAs(followerContext.request, '/api/Member/attention', {}, { anchor_id: created.lottery.anchor_id, attention: 1 });
  await postAs(followerContext.request, `/api/Lottery/enter?lottery_id=${lotteryId}`);

  const ops = await openOpsAudit(browser, 'lotteryAudit', 'lottery-audit', anchor.roomId);
  const row = ops.getByTestId(`lottery-audit-row-${lotteryId}`);
  await expect(row.getByRole('cell').nth(3)).toHaveText('每人 20 金币');
  await expect(row.getByRole('cell').nth(6)).toHaveText('关注主播');
  await refreshUntil(ops, `lottery-audit-state-${lotteryId}`, '已开奖');

  await ops.getByTestId(`lottery-audit-row-${lotteryId}-toggle`).click();
  const trail = ops.getByRole('region', { name: `天选 ${lotteryId} 的审计` });
  await expect(trail.getByTestId(`lottery-audit-seed-hash-${lotteryId}`)).toHaveText(created.lottery.seed_hash);
  await expect(trail.getByTestId(`lottery-audit-verify-${lotteryId}-result`)).toHaveText('一致', { timeout: 15_000 });
  await expect(trail.getByTestId(`lottery-audit-verify-${lotteryId}`)).toContainText('由种子与 1 位参与者推算的中奖者一致');
  await expect(trail.getByTestId(`lottery-audit-result-${lotteryId}`)).toContainText(`中奖者 ID：${follower.profile.id}`);
  const entry = trail.getByTestId(`lottery-entry-${lotteryId}-${follower.profile.id}`);
  await expect(entry).toHaveAttribute('data-won', '1');
  await expect(entry.getByRole('cell')).toHaveText([String(follower.profile.id), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, '接口参与', /./, /./, '中奖', `lottery_prize:${lotteryId}:${follower.profile.id}`]);
  await expectNoSeriousAxeViolations(ops);
});
