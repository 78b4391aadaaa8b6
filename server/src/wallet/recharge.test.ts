import { ChargeRuleListSchema, OrderPageSchema, OrderTypeListSchema, PayUrlSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf } from './ledger';
import { SANDBOX_NOTIFY_PATH, type SandboxNotifyFields, signSandboxNotify } from './sandboxProvider';
import { expectLedgerClean } from './testing/ledgerTestKit';
import { defaultWalletConfig } from './walletConfig';

const NOTIFY_KEY = 'test-sandbox-notify-key-0123456789';

describeEachDatabase('wallet: recharge packages, pay URL, sandbox gateway, notify, orders', (target) => {
  const clock = createManualClock(new Date('2026-11-20T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), sandboxNotifyKey: NOTIFY_KEY, sandboxDuplicateNotifySeconds: 1, orderExpiryMinutes: 30 } } },
  });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `key-${process.pid}-${++keyCounter}`;
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const payUrl = (as: TestUser, id: number, key: string | null = freshKey(), extra = '') =>
    get(`/api/chargerules/payUrl?id=${id}${extra}`, as, key === null ? {} : { 'idempotency-key': key });
  const notify = (fields: SandboxNotifyFields, sign = signSandboxNotify(NOTIFY_KEY, fields)) =>
    ctx.app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: { ...fields, sign } });
  const shownBalance = async (as: TestUser) => (await get('/api/user/info', as)).data.balance as number;
  const rules = async () => (await ctx.app.inject({ method: 'POST', url: '/api/chargerules/getList' })).json().data as Array<{ id: number; price_fen: number; coins: number; bonus_coins: number }>;
  const orderOf = (orderNo: string) => ctx.db.selectFrom('wallet_order').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const paidFields = (orderNo: string, amountFen: number, status: SandboxNotifyFields['status'] = 'paid'): SandboxNotifyFields => ({
    order_no: orderNo,
    trade_no: `T${orderNo}`,
    amount_fen: amountFen,
    status,
    sent_at: clock().toISOString(),
  });

  it('lists the recharge packages (anyone) and the order types', async () => {
    const answer = (await ctx.app.inject({ method: 'POST', url: '/api/chargerules/getList' })).json();
    expect(answer.code).toBe(200);
    expect(Value.Check(ChargeRuleListSchema, answer.data)).toBe(true);
    expect(answer.data[0]).toEqual({ id: expect.any(Number), price_fen: 600, coins: 60, bonus_coins: 0 });
    expect(answer.data).toHaveLength(5);
    const types = await get('/api/Order/getTypeList');
    expect(types.data).toEqual([
      { type: 1, name: '充值' },
      { type: 2, name: '礼物' },
      { type: 3, name: '守护' },
      { type: 4, name: '喇叭' },
      { type: 5, name: '弹幕' },
      { type: 6, name: '兑换' },
      { type: 7, name: '提现' },
      { type: 8, name: '红包' },
      { type: 9, name: '天选' },
    ]);
    expect(Value.Check(OrderTypeListSchema, types.data)).toBe(true);
  });

  it('payUrl: login, the Idempotency-Key, the package and the provider are checked', async () => {
    const user = await createUser(ctx.db);
    const [rule] = await rules();
    expect((await get(`/api/chargerules/payUrl?id=${rule?.id}`, undefined, { 'idempotency-key': freshKey() })).code).toBe(700);
    expect(await payUrl(user, rule?.id as number, null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await payUrl(user, rule?.id as number, 'bad key with spaces')).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    expect(await payUrl(user, 99_999)).toMatchObject(refusal(errors.WALLET_CHARGE_RULE_NOT_FOUND));
    expect(await payUrl(user, rule?.id as number, freshKey(), '&provider=alipay')).toMatchObject(refusal(errors.WALLET_PAYMENT_PROVIDER_UNAVAILABLE));
    for (const query of ['id=0', 'id=abc', 'id=1.5', '', `id=${rule?.id}&provider=paypal`]) {
      expect(await get(`/api/chargerules/payUrl?${query}`, user, { 'idempotency-key': freshKey() })).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
    expect(await ctx.db.selectFrom('wallet_order').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('the same Idempotency-Key answers the same order; with another package it is refused', async () => {
    const user = await createUser(ctx.db);
    const [first, second] = await rules();
    const key = freshKey();
    const answer = await payUrl(user, first?.id as number, key);
    expect(answer.code).toBe(200);
    expect(Value.Check(PayUrlSchema, answer.data)).toBe(true);
    expect(answer.data).toMatchObject({ pay_url: `/pay/sandbox/${answer.data.order_no}`, amount_fen: first?.price_fen, coins: (first?.coins ?? 0) + (first?.bonus_coins ?? 0) });
    expect(answer.data.expires_at).toBe(new Date(clock().getTime() + 30 * 60_000).toISOString());
    const [again, concurrent] = await Promise.all([payUrl(user, first?.id as number, key), payUrl(user, first?.id as number, key)]);
    expect(again.data).toEqual(answer.data);
    expect(concurrent.data).toEqual(answer.data);
    expect(await payUrl(user, second?.id as number, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    // Keys are the member's own: another member's same key makes another order.
    const other = await createUser(ctx.db);
    expect((await payUrl(other, first?.id as number, key)).data.order_no).not.toBe(answer.data.order_no);
    expect(await ctx.db.selectFrom('wallet_order').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('pays through the sandbox page: a signed notify credits once, the balance shows at once, the delayed duplicate changes nothing', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[1] as { id: number; price_fen: number; coins: number; bonus_coins: number };
    const order = (await payUrl(user, rule.id)).data;
    const page = await ctx.app.inject({ url: order.pay_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.order_no);
    // A payment page (issue 33): the subject, the order number and the amount in 元, 确认支付 and 取消支付, no script.
    expect(page.body).toContain('30.00<small>元</small>');
    expect(page.body).toContain(`<dd>充值 ${rule.coins + rule.bonus_coins} 金币</dd>`);
    expect(page.body).toMatch(/<button type="submit" class="pay" name="action" value="pay">确认支付<\/button>/);
    expect(page.body).toMatch(/<button type="submit" class="cancel" name="action" value="cancel">取消支付<\/button>/);
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toMatch(/ style=/);
    // The site's policy applies: no script may run, the one <style> element is allowed.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    const token = /name="token" value="([0-9a-f]{64})"/.exec(page.body)?.[1];
    expect(token).toBeDefined();
    expect(page.body).toContain('<form method="get"');

    // A forged page token is refused; nothing is paid.
    expect((await ctx.app.inject({ url: `${order.pay_url}/submit?action=pay&token=${'0'.repeat(64)}` })).json()).toMatchObject(refusal(errors.WALLET_NOTIFY_SIGNATURE_INVALID));
    expect((await orderOf(order.order_no)).state).toBe('pending');

    const paid = await ctx.app.inject({ url: `${order.pay_url}/submit?action=pay&token=${token}` });
    expect(paid.body).toContain('支付成功');
    const coins = rule.coins + rule.bonus_coins;
    expect(await shownBalance(user)).toBe(coins);
    expect(await balanceOf(ctx.db, { kind: 'member_coins', owner: user.id })).toBe(coins);
    expect(await orderOf(order.order_no)).toMatchObject({ state: 'paid', paid_late: false });
    // Pressing pay again: the order is paid.
    expect((await ctx.app.inject({ url: `${order.pay_url}/submit?action=pay&token=${token}` })).json()).toMatchObject(refusal(errors.WALLET_ORDER_ALREADY_PAID));
    expect((await ctx.app.inject({ url: order.pay_url })).body).toContain('已支付');
    // The gateway's delayed duplicate (1 s in this suite) arrives and is acknowledged without a second credit.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await shownBalance(user)).toBe(coins);
    const sets = await ctx.db.selectFrom('ledger_transfer_set').select('id').where('reference', '=', order.order_no).execute();
    expect(sets).toHaveLength(1);
    await expectLedgerClean(ctx.db);
  });

  it('a notify delivered twice and out of order credits once; failed after paid is ignored', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[0] as { id: number; price_fen: number; coins: number };
    const order = (await payUrl(user, rule.id)).data;
    const fields = paidFields(order.order_no, order.amount_fen);
    const answers = await Promise.all([notify(fields), notify(fields), notify({ ...fields, sent_at: 'later' })]);
    for (const answer of answers) expect([answer.statusCode, answer.body]).toEqual([200, 'success']);
    expect(await notify(paidFields(order.order_no, order.amount_fen, 'failed')).then((answer) => answer.body)).toBe('success');
    expect(await orderOf(order.order_no)).toMatchObject({ state: 'paid' });
    expect(await shownBalance(user)).toBe(order.coins);
  });

  it('refuses a forged signature, a wrong amount, an unknown order and garbage; none credits', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[0] as { id: number };
    const order = (await payUrl(user, rule.id)).data;
    const fields = paidFields(order.order_no, order.amount_fen);
    const forged = await notify(fields, signSandboxNotify('another-key-of-a-forger-000000', fields));
    expect([forged.statusCode, forged.json()]).toEqual([400, refusal(errors.WALLET_NOTIFY_SIGNATURE_INVALID)]);
    const tampered = await notify({ ...fields, amount_fen: 1 }, signSandboxNotify(NOTIFY_KEY, fields));
    expect(tampered.json()).toMatchObject(refusal(errors.WALLET_NOTIFY_SIGNATURE_INVALID));
    const wrongAmount = await notify({ ...fields, amount_fen: order.amount_fen - 1 });
    expect([wrongAmount.statusCode, wrongAmount.json()]).toEqual([400, refusal(errors.WALLET_NOTIFY_AMOUNT_MISMATCH)]);
    expect((await notify({ ...fields, order_no: 'R000000000000000000000000' })).json()).toMatchObject(refusal(errors.WALLET_ORDER_NOT_FOUND));
    for (const payload of [{}, { ...fields }, { ...fields, sign: 1 }, { ...fields, status: 'refunded', sign: 'x' }]) {
      expect((await ctx.app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload })).json()).toMatchObject(refusal(errors.WALLET_NOTIFY_SIGNATURE_INVALID));
    }
    expect((await ctx.app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: '{', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(await orderOf(order.order_no)).toMatchObject({ state: 'pending' });
    expect(await shownBalance(user)).toBe(0);
  });

  it('cancel and fail on the sandbox page close the order; a paid notify after that is honoured once and audited', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[0] as { id: number };
    for (const action of ['cancel', 'fail'] as const) {
      const order = (await payUrl(user, rule.id)).data;
      const token = /name="token" value="([0-9a-f]{64})"/.exec((await ctx.app.inject({ url: order.pay_url })).body)?.[1];
      const answer = await ctx.app.inject({ url: `${order.pay_url}/submit?action=${action}&token=${token}` });
      expect(answer.body).toContain(action === 'cancel' ? '已取消支付' : '支付失败');
      expect((await orderOf(order.order_no)).state).toBe(action === 'cancel' ? 'cancelled' : 'failed');
      expect((await ctx.app.inject({ url: `${order.pay_url}/submit?action=pay&token=${token}` })).json()).toMatchObject(refusal(errors.WALLET_ORDER_CLOSED));
    }
    const [closed] = await ctx.db.selectFrom('wallet_order').select(['order_no', 'amount_fen', 'coins']).where('user_id', '=', user.id).where('state', '=', 'cancelled').execute();
    const fields = paidFields(closed?.order_no as string, closed?.amount_fen as number);
    expect((await notify(fields)).body).toBe('success');
    expect((await notify(fields)).body).toBe('success');
    expect(await orderOf(closed?.order_no as string)).toMatchObject({ state: 'paid', paid_late: true });
    expect(await shownBalance(user)).toBe(closed?.coins);
    const audit = await ctx.db.selectFrom('wallet_audit').selectAll().where('order_no', '=', closed?.order_no as string).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'recharge_paid_late', detail: { previous_state: 'cancelled' } });
  });

  it('unpaid orders expire; a late paid notify is honoured once and audited', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[2] as { id: number };
    const order = (await payUrl(user, rule.id)).data;
    clock.advance(31 * 60_000);
    const list = await get('/api/Order/getList', user);
    expect(list.data.list[0]).toMatchObject({ order_no: order.order_no, state: 'expired', type: 1, type_name: '充值', paid_at: null });
    const token = /name="token" value="([0-9a-f]{64})"/.exec((await ctx.app.inject({ url: order.pay_url })).body)?.[1];
    expect((await ctx.app.inject({ url: order.pay_url })).body).toContain('已过期');
    expect(token).toBeUndefined();
    const fields = paidFields(order.order_no, order.amount_fen);
    await Promise.all([notify(fields), notify(fields)]);
    expect(await orderOf(order.order_no)).toMatchObject({ state: 'paid', paid_late: true });
    expect(await shownBalance(user)).toBe(order.coins);
    expect(await ctx.db.selectFrom('wallet_audit').select('id').where('order_no', '=', order.order_no).execute()).toHaveLength(1);
  });

  it('Order/getList: the member own orders, newest first, by cursor, filtered by type', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const rule = (await rules())[0] as { id: number };
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) made.push((await payUrl(user, rule.id)).data.order_no);
    await payUrl(other, rule.id);
    expect((await get('/api/Order/getList')).code).toBe(700);
    const first = await get('/api/Order/getList?page_size=2', user);
    expect(Value.Check(OrderPageSchema, first.data)).toBe(true);
    expect(first.data.list.map((order: { order_no: string }) => order.order_no)).toEqual([made[4], made[3]]);
    const second = await get(`/api/Order/getList?page_size=2&cursor=${first.data.next_cursor}`, user);
    const third = await get(`/api/Order/getList?page_size=2&cursor=${second.data.next_cursor}`, user);
    expect([...second.data.list, ...third.data.list].map((order: { order_no: string }) => order.order_no)).toEqual([made[2], made[1], made[0]]);
    expect(third.data.next_cursor).toBeNull();
    expect(third.data.list[0]).toMatchObject({ state: 'pending', amount_fen: 600, coins: 60 });
    expect((await get('/api/Order/getList?type=1', user)).data.list).toHaveLength(5);
    expect((await get('/api/Order/getList?type=2', user)).data).toEqual({ list: [], next_cursor: null });
    for (const query of ['type=0', 'type=abc', 'cursor=0', 'cursor=-1', 'cursor=abc', 'page_size=0', 'page_size=101', 'other=1']) {
      expect(await get(`/api/Order/getList?${query}`, user)).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
  });
});
