import { afterAll, expect, it } from 'vitest';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { ALIPAY_NOTIFY_PATH, fenToYuan } from './alipayProvider';
import { balanceOf } from './ledger';
import { alipayNotify, alipayTestKeys, formBody, testAlipayConfig } from './testing/alipayTestKit';
import { expectLedgerClean } from './testing/ledgerTestKit';
import { defaultWalletConfig } from './walletConfig';

const keys = alipayTestKeys();

describeEachDatabase('wallet: the alipay provider (page-pay URL, RSA2 notify, credit once), no network', (target) => {
  const clock = createManualClock(new Date('2026-11-20T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), paymentProvider: 'alipay', alipay: testAlipayConfig(keys), orderExpiryMinutes: 30 } } },
  });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const rules = async () => (await ctx.app.inject({ method: 'POST', url: '/api/chargerules/getList' })).json().data as Array<{ id: number; price_fen: number; coins: number; bonus_coins: number }>;
  const order = async (user: TestUser, index = 0) => {
    const rule = (await rules())[index] as { id: number };
    const answer = await ctx.app.inject({ url: `/api/chargerules/payUrl?id=${rule.id}`, headers: { ...user.headers, 'idempotency-key': `alipay-${process.pid}-${++keyCounter}` } });
    return answer.json().data as { order_no: string; pay_url: string; amount_fen: number; coins: number; expires_at: string };
  };
  const post = (fields: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: ALIPAY_NOTIFY_PATH, payload: formBody(fields), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } }).then((answer) => ({ status: answer.statusCode, body: answer.body }));
  const paid = (orderNo: string, totalAmount: string, tradeStatus = 'TRADE_SUCCESS', extra: Record<string, string> = {}) =>
    alipayNotify(keys.alipayPrivatePem, { out_trade_no: orderNo, total_amount: totalAmount, trade_status: tradeStatus, trade_no: `2026112022001${orderNo.slice(-12)}`, ...extra });
  const balance = (user: TestUser) => balanceOf(ctx.db, { kind: 'member_coins', owner: user.id });
  const shownBalance = async (user: TestUser) => (await ctx.app.inject({ url: '/api/user/info', headers: user.headers })).json().data.balance as number;
  const orderOf = (orderNo: string) => ctx.db.selectFrom('wallet_order').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const setsOf = (orderNo: string) => ctx.db.selectFrom('ledger_transfer_set').select('id').where('reference', '=', orderNo).execute();
  const SUCCESS = { status: 200, body: 'success' };
  const FAIL = { status: 200, body: 'fail' };

  it('payUrl answers the Alipay page-pay URL for the order: out_trade_no, yuan from fen, subject, notify_url; no sandbox page', async () => {
    const user = await createUser(ctx.db);
    const rule = (await rules())[1] as { price_fen: number; coins: number; bonus_coins: number };
    const made = await order(user, 1);
    const url = new URL(made.pay_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('notify_url')).toBe(`https://sports.example${ALIPAY_NOTIFY_PATH}`);
    const biz = JSON.parse(url.searchParams.get('biz_content') as string);
    expect(biz).toMatchObject({ out_trade_no: made.order_no, total_amount: fenToYuan(rule.price_fen), subject: `充值 ${rule.coins + rule.bonus_coins} 金币`, time_expire: '2026-11-20 12:30:00' });
    expect(made.amount_fen).toBe(rule.price_fen);
    expect((await orderOf(made.order_no)).provider).toBe('alipay');
    // Sandbox routes are not there when Alipay takes the money.
    expect((await ctx.app.inject({ url: `/pay/sandbox/${made.order_no}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/chargerules/notify/sandbox', payload: {} })).statusCode).toBe(404);
  });

  it('a good notify credits once; duplicates, parallel retries and TRADE_FINISHED after TRADE_SUCCESS credit nothing more', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user);
    const amount = fenToYuan(made.amount_fen);
    const notify = paid(made.order_no, amount);
    expect(await post(notify)).toEqual(SUCCESS);
    expect(await orderOf(made.order_no)).toMatchObject({ state: 'paid', paid_late: false, provider_trade_no: notify.trade_no });
    expect(await balance(user)).toBe(made.coins);
    expect(await shownBalance(user)).toBe(made.coins);
    const retries = await Promise.all([post(notify), post(notify), post(paid(made.order_no, amount, 'TRADE_FINISHED'))]);
    expect(retries).toEqual([SUCCESS, SUCCESS, SUCCESS]);
    expect(await balance(user)).toBe(made.coins);
    expect(await setsOf(made.order_no)).toHaveLength(1);
  });

  it('reordered: TRADE_SUCCESS racing WAIT_BUYER_PAY and a late TRADE_CLOSED still credits exactly once', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user);
    const amount = fenToYuan(made.amount_fen);
    const answers = await Promise.all([post(paid(made.order_no, amount, 'TRADE_SUCCESS')), post(paid(made.order_no, amount, 'WAIT_BUYER_PAY')), post(paid(made.order_no, amount, 'TRADE_SUCCESS'))]);
    expect(answers).toEqual([SUCCESS, SUCCESS, SUCCESS]);
    expect(await post(paid(made.order_no, amount, 'TRADE_CLOSED'))).toEqual(SUCCESS);
    expect((await orderOf(made.order_no)).state).toBe('paid');
    expect(await balance(user)).toBe(made.coins);
    expect(await setsOf(made.order_no)).toHaveLength(1);
  });

  it('TRADE_FINISHED alone (a trade without refunds) credits once', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user);
    const notify = paid(made.order_no, fenToYuan(made.amount_fen), 'TRADE_FINISHED');
    expect(await Promise.all([post(notify), post(notify)])).toEqual([SUCCESS, SUCCESS]);
    expect((await orderOf(made.order_no)).state).toBe('paid');
    expect(await balance(user)).toBe(made.coins);
    expect(await setsOf(made.order_no)).toHaveLength(1);
  });

  it('WAIT_BUYER_PAY is acknowledged and changes nothing; TRADE_CLOSED closes a pending order', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user);
    const amount = fenToYuan(made.amount_fen);
    expect(await post(paid(made.order_no, amount, 'WAIT_BUYER_PAY'))).toEqual(SUCCESS);
    expect(await orderOf(made.order_no)).toMatchObject({ state: 'pending', paid_at: null });
    expect(await balance(user)).toBe(0);
    expect(await post(paid(made.order_no, amount, 'TRADE_CLOSED'))).toEqual(SUCCESS);
    expect((await orderOf(made.order_no)).state).toBe('cancelled');
    expect(await balance(user)).toBe(0);
  });

  it('refused with fail and no credit: a bad signature, a tampered amount, a wrong amount, an unknown order, another app, not a form', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user);
    const amount = fenToYuan(made.amount_fen);
    const good = paid(made.order_no, amount);
    const forger = alipayTestKeys();
    expect(await post(alipayNotify(forger.alipayPrivatePem, { out_trade_no: made.order_no, total_amount: amount, trade_status: 'TRADE_SUCCESS' }))).toEqual(FAIL);
    expect(await post({ ...good, sign: `${good.sign?.slice(0, -4)}AAA=` })).toEqual(FAIL);
    expect(await post({ ...good, total_amount: '0.01' })).toEqual(FAIL);
    // Signed by Alipay, but not what the order costs (one fen less): refused, kept for the logs.
    expect(await post(paid(made.order_no, fenToYuan(made.amount_fen - 1)))).toEqual(FAIL);
    expect(await post(paid('R202611200400009999999999', amount))).toEqual(FAIL);
    expect(await post(paid(made.order_no, amount, 'TRADE_SUCCESS', { app_id: '2021999999999999' }))).toEqual(FAIL);
    const json = await ctx.app.inject({ method: 'POST', url: ALIPAY_NOTIFY_PATH, payload: good });
    expect([json.statusCode, json.body]).toEqual([200, 'fail']);
    expect(await post({})).toEqual(FAIL);
    // A field sent twice is refused, not guessed at.
    const twice = `${formBody(good)}&total_amount=0.01`;
    const doubled = await ctx.app.inject({ method: 'POST', url: ALIPAY_NOTIFY_PATH, payload: twice, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(doubled.body).toBe('fail');
    expect(await orderOf(made.order_no)).toMatchObject({ state: 'pending' });
    expect(await balance(user)).toBe(0);
    expect(await setsOf(made.order_no)).toHaveLength(0);
    // The real notify still credits afterwards.
    expect(await post(good)).toEqual(SUCCESS);
    expect(await balance(user)).toBe(made.coins);
  });

  it('an unpaid order expires; a late paid notify is honoured once and audited', async () => {
    const user = await createUser(ctx.db);
    const made = await order(user, 2);
    clock.advance(31 * 60_000);
    const list = (await ctx.app.inject({ url: '/api/Order/getList', headers: user.headers })).json().data.list as Array<{ order_no: string; state: string }>;
    expect(list.find((entry) => entry.order_no === made.order_no)?.state).toBe('expired');
    const notify = paid(made.order_no, fenToYuan(made.amount_fen));
    expect(await Promise.all([post(notify), post(notify)])).toEqual([SUCCESS, SUCCESS]);
    expect(await post(notify)).toEqual(SUCCESS);
    expect(await orderOf(made.order_no)).toMatchObject({ state: 'paid', paid_late: true, provider_trade_no: notify.trade_no });
    expect(await balance(user)).toBe(made.coins);
    expect(await setsOf(made.order_no)).toHaveLength(1);
    const audit = await ctx.db.selectFrom('wallet_audit').selectAll().where('order_no', '=', made.order_no).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'recharge_paid_late', detail: { previous_state: 'expired', trade_no: notify.trade_no, amount_fen: made.amount_fen } });
    await expectLedgerClean(ctx.db);
  });
});
