import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/journey';
import { newMember, type Member } from './support/accounts';
import { demoRoomWithLiveMatch } from './support/roomMatches';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 35 (predictions, 竞猜), end to end on the real server, database and demo feed (60x in
 * e2e: a football minute is a second): ops opens a 胜平负 prediction in a demo room whose match is
 * in its second half, locking in 30 s; member A stakes 3 points on 主胜 through the room's 竞猜
 * panel, B 1 point on 主胜 and C 5 on 客胜 (through the API). The match ends, the server's watcher
 * settles it from the feed's final score, and A's panel shows the exact pari-mutuel payout
 * (pool 9: 主胜 wins → A floor(3×9/4) = 6, B floor(1×9/4) = 2, 1 point to the platform; 客胜 → C 9;
 * a draw nobody backed → every stake back).
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'predict-pass-2026';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function checkIn(member: Member): Promise<void> {
  const answer = await (await member.context.request.post('/api/Points/checkIn', { headers: XHR })).json();
  expect(answer.code, answer.msg).toBe(200);
}

async function pointsOf(member: Member): Promise<number> {
  return (await (await member.context.request.get('/api/Points/info')).json()).data.balance as number;
}

/** The member's points lines of one ledger kind (api/Points/history), their signed amounts. */
async function linesOf(member: Member, kind: string): Promise<number[]> {
  const page = (await (await member.context.request.get('/api/Points/history?page_size=50')).json()).data as { list: { kind: string; amount: number }[] };
  return page.list.filter((line) => line.kind === kind).map((line) => line.amount);
}

async function stakeByApi(member: Member, id: number, outcome: number, amount: number): Promise<void> {
  const answer = await (await member.context.request.post('/api/Prediction/stake', { headers: { ...XHR, 'idempotency-key': `e2e-${id}-${outcome}-${amount}-${Date.now()}` }, data: { id, outcome, amount } })).json();
  expect(answer.code, answer.msg).toBe(200);
}

async function info(request: APIRequestContext, id: number) {
  return (await (await request.get(`/api/Prediction/info?id=${id}`)).json()).data as { state: string; winning_outcome: number | null; pool: number };
}

test('a member stakes on 主胜 in a demo match\'s room, the match ends, and the payout arrives with the right amount', async ({ browser, request }) => {
  const [a, b, c] = await Promise.all([newMember(browser, PASSWORD), newMember(browser, PASSWORD), newMember(browser, PASSWORD)]);
  for (const member of [a, b, c]) await checkIn(member);

  // A football demo room in the second half, between 50' and 70': it ends within about a minute.
  const room = await demoRoomWithLiveMatch(request, 1, (matchStr) => {
    const minute = Number(/^(\d+)'/.exec(matchStr)?.[1] ?? '0');
    return minute >= 50 && minute <= 70;
  });
  const created = await (
    await request.post('/api/Prediction/create', { headers: { ...XHR, 'x-ops-token': E2E_OPS_TOKEN }, data: { room_id: room.roomId, template: 'football_1x2', lock_in_seconds: 30 } })
  ).json();
  expect(created.code, created.msg).toBe(200);
  const id = created.data.id as number;

  // A stakes 3 on 主胜 in the room's 竞猜 panel.
  const page = a.page;
  await page.goto(`/web/#/live?id=${room.roomId}`);
  await page.getByTestId('bar-predictions').click();
  const card = page.getByTestId('prediction-popover').locator(`[data-prediction-id="${id}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /^主胜/ }).click();
  await card.getByTestId('prediction-amount').fill('3');
  await card.getByTestId('prediction-stake').click();
  await expect(card.getByTestId('prediction-mine')).toHaveText('我投了「主胜」3 积分', { timeout: 10_000 });
  await stakeByApi(b, id, 0, 1);
  await stakeByApi(c, id, 2, 5);
  await expect(card.getByRole('button', { name: /^主胜 44\.4% · 4 积分/ })).toBeVisible({ timeout: 10_000 });
  // (A watches the room: the points' watch award may land too, so A's figures are read from the lines.)
  expect(await linesOf(a, 'prediction_stake')).toEqual([-3]);

  // The match ends (the feed), the watcher settles: read until it has.
  await expect.poll(async () => (await info(request, id)).state, { timeout: 150_000, intervals: [2_000] }).toMatch(/^(settled|refunded)$/);
  const match = (await (await request.get(`/api/scores/match?match_id=${room.matchId}`)).json()).data.match as { status: string; home_score: number; away_score: number };
  expect(match.status).toBe('finished');
  const home = match.home_score > match.away_score;
  const away = match.home_score < match.away_score;
  const settled = await info(request, id);
  expect(settled.winning_outcome).toBe(home ? 0 : away ? 2 : null);
  // Each started with 5 points (the check-in).
  expect(await linesOf(a, home ? 'prediction_payout' : 'prediction_refund')).toEqual(home ? [6] : away ? [] : [3]);
  const mine = (await (await a.context.request.get(`/api/Prediction/info?id=${id}`)).json()).data.mine;
  expect(mine).toEqual({ outcome: 0, amount: 3, payout: home ? 6 : away ? 0 : 3 });
  expect(await pointsOf(b)).toBe(home ? 5 - 1 + 2 : away ? 4 : 5);
  expect(await pointsOf(c)).toBe(home ? 0 : away ? 5 - 5 + 9 : 5);
  await expect(card.getByTestId('prediction-mine')).toHaveText(home ? '我投了「主胜」3 积分 · 获得 6 积分' : away ? '我投了「主胜」3 积分 · 未猜中' : '我投了「主胜」3 积分 · 积分已退还', { timeout: 10_000 });
  await expect(card.getByTestId('prediction-state')).toHaveText(home || away ? '已结算' : '已退还');
});
