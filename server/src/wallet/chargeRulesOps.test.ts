import { CHARGE_RULES_MAX, OpsChargeRuleListSchema, OpsChargeRuleSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { createUser } from '../live/testing/roomsTestKit';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { expectLedgerClean } from './testing/ledgerTestKit';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '运营小王' };

describeEachDatabase('wallet: ops manage the recharge packages (api/ops/chargeRules)', (target) => {
  const clock = createManualClock(new Date('2026-11-20T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY) } });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  const save = (payload: object, headers: Record<string, string> = OPS) =>
    ctx.app.inject({ method: 'POST', url: '/api/ops/chargeRules', payload, headers }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const opsList = async () => (await ctx.app.inject({ url: '/api/ops/chargeRules', headers: OPS })).json().data as Array<{ id: number; price_fen: number; coins: number; bonus_coins: number; enabled: boolean; sort: number }>;
  const memberList = async () => (await ctx.app.inject({ method: 'POST', url: '/api/chargerules/getList' })).json().data as Array<{ id: number; price_fen: number; coins: number; bonus_coins: number }>;
  const audits = () => ctx.db.selectFrom('wallet_audit').select(['action', 'detail', 'at']).where('action', 'like', 'charge_rule_%').orderBy('id').execute();
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const rule = { price_fen: 12_800, coins: 1_280, bonus_coins: 88, enabled: true, sort: 0 };

  it('lists every package for ops, enabled or not, in the members order', async () => {
    const answer = (await ctx.app.inject({ url: '/api/ops/chargeRules', headers: OPS })).json();
    expect(answer.code).toBe(200);
    expect(Value.Check(OpsChargeRuleListSchema, answer.data)).toBe(true);
    expect(answer.data.map((entry: { price_fen: number; enabled: boolean; sort: number }) => [entry.price_fen, entry.enabled, entry.sort])).toEqual([
      [600, true, 1],
      [3000, true, 2],
      [9800, true, 3],
      [19800, true, 4],
      [49800, true, 5],
    ]);
  });

  it('create and update show at once in api/chargerules/getList; disabled packages leave it; each change is audited with before and after', async () => {
    const created = await save(rule);
    expect(created.code).toBe(200);
    expect(Value.Check(OpsChargeRuleSchema, created.data)).toBe(true);
    expect(created.data).toMatchObject({ ...rule, created_at: clock().toISOString() });
    const id = created.data.id as number;
    // sort 0 puts it first for members.
    expect((await memberList())[0]).toEqual({ id, price_fen: 12_800, coins: 1_280, bonus_coins: 88 });

    const updated = await save({ id, price_fen: 12_900, coins: 1_290, bonus_coins: 0, enabled: true, sort: 9 });
    expect(updated.data).toMatchObject({ id, price_fen: 12_900, coins: 1_290, bonus_coins: 0, sort: 9 });
    expect((await memberList()).at(-1)).toEqual({ id, price_fen: 12_900, coins: 1_290, bonus_coins: 0 });

    await save({ id, price_fen: 12_900, coins: 1_290, bonus_coins: 0, enabled: false, sort: 9 });
    expect((await memberList()).map((entry) => entry.id)).not.toContain(id);
    expect((await opsList()).find((entry) => entry.id === id)).toMatchObject({ enabled: false });

    const trail = await audits();
    expect(trail.map((entry) => entry.action)).toEqual(['charge_rule_created', 'charge_rule_updated', 'charge_rule_updated']);
    expect(trail[0]?.detail).toEqual({ rule_id: id, actor: '运营小王', ip: '127.0.0.1', before: null, after: rule });
    expect(trail[1]?.detail).toMatchObject({ rule_id: id, before: rule, after: { price_fen: 12_900, coins: 1_290, bonus_coins: 0, enabled: true, sort: 9 } });
    expect(trail[2]?.detail).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('an order already made keeps its price and coins after ops change the package; a disabled package cannot be bought', async () => {
    const member = await createUser(ctx.db);
    const [first] = await memberList();
    const pay = (key: string) => ctx.app.inject({ url: `/api/chargerules/payUrl?id=${first?.id}`, headers: { ...member.headers, 'idempotency-key': key } }).then((answer) => answer.json());
    const before = (await pay('ops-order-1')).data;
    expect(before).toMatchObject({ amount_fen: first?.price_fen, coins: (first?.coins ?? 0) + (first?.bonus_coins ?? 0) });
    await save({ id: first?.id, price_fen: 1, coins: 999_999, bonus_coins: 0, enabled: true, sort: 1 });
    expect((await pay('ops-order-1')).data).toEqual(before);
    const order = await ctx.db.selectFrom('wallet_order').select(['amount_fen', 'coins']).where('order_no', '=', before.order_no).executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_fen: before.amount_fen, coins: before.coins });
    await save({ id: first?.id, price_fen: 600, coins: 60, bonus_coins: 0, enabled: false, sort: 1 });
    expect(await pay('ops-order-2')).toMatchObject(refusal(errors.WALLET_CHARGE_RULE_NOT_FOUND));
    await save({ id: first?.id, price_fen: 600, coins: 60, bonus_coins: 0, enabled: true, sort: 1 });
  });

  it('validates every field; refuses an unknown package and more than the limit; nothing changes', async () => {
    const before = await opsList();
    const auditCount = (await audits()).length;
    const bad = [
      {},
      { ...rule, price_fen: 0 },
      { ...rule, price_fen: 10_000_001 },
      { ...rule, price_fen: 12.5 },
      { ...rule, price_fen: '1280' },
      { ...rule, coins: 0 },
      { ...rule, coins: 100_000_001 },
      { ...rule, bonus_coins: -1 },
      { ...rule, sort: -1 },
      { ...rule, sort: 10_000 },
      { ...rule, enabled: 'yes' },
      { ...rule, id: 0 },
      { ...rule, extra: 1 },
      { price_fen: 100, coins: 10, bonus_coins: 0, sort: 1 },
    ];
    for (const payload of bad) expect(await save(payload)).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    expect(await save({ ...rule, id: 999_999 })).toMatchObject({ status: 404, ...refusal(errors.WALLET_CHARGE_RULE_UNKNOWN) });
    expect(await opsList()).toEqual(before);
    expect(await audits()).toHaveLength(auditCount);

    const room = CHARGE_RULES_MAX - before.length;
    const made = await Promise.all(Array.from({ length: room + 2 }, (_, index) => save({ ...rule, price_fen: 100 + index, enabled: false, sort: 100 })));
    expect(made.filter((answer) => answer.code === 200)).toHaveLength(room);
    const refused = made.filter((answer) => answer.code !== 200);
    expect(refused).toHaveLength(2);
    for (const answer of refused) expect(answer).toMatchObject(refusal({ reason: 'WALLET_CHARGE_RULES_TOO_MANY', message: `充值套餐最多 ${CHARGE_RULES_MAX} 个，请修改或停用已有套餐` }));
    expect(await opsList()).toHaveLength(CHARGE_RULES_MAX);
  });

  it('ops calls need the ops token (a member is not ops)', async () => {
    const member = await createUser(ctx.db);
    const before = await opsList();
    for (const headers of [{}, member.headers, { 'x-ops-token': 'not-the-token-0123456789' }]) {
      expect(await save(rule, headers)).toMatchObject({ status: 403, reason: 'OPS_FORBIDDEN' });
      expect((await ctx.app.inject({ url: '/api/ops/chargeRules', headers })).statusCode).toBe(403);
    }
    expect(await opsList()).toEqual(before);
  });
});
