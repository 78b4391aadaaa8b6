import {
  ApplyWithdrawalResultSchema,
  ConversionResultSchema,
  OpsWithdrawalPageSchema,
  WalletInfoSchema,
  WithdrawalPageSchema,
  WithdrawalReviewSchema,
} from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { createUser } from '../../live/testing/roomsTestKit';
import { describeEachDatabase } from '../../testing/testApp';
import { balanceOf } from '../ledger';
import { CARD, expectNoSecretsLogged, OPS, PASSWORD, useWithdrawalsTestApp } from '../testing/withdrawalsTestKit';

describeEachDatabase('wallet: earnings conversion, withdrawals, ops review', (target) => {
  const { clock, logLines, ctx, freshKey, get, post, refusal, validation, verify, bindCard, withdraw, convert, giveEarnings, earningsOf, readyAnchor, dayLater } = useWithdrawalsTestApp(target);

  it('every call needs a login', async () => {
    for (const url of ['/api/Balance/info', '/api/Balance/conversionBalance?coins=1', '/api/Balance/applyForWithdrawal?amount=1000&account=card&password=123456', '/api/Balance/withdrawalList', '/api/Bank_card/getInfo', '/api/Bank_card/getAliPayInfo', `/api/Bank_card/bind?card_number=${CARD}&bank_name=工行&holder=张三`, '/api/Bank_card/bindAliPay?account=13800138000&holder=张三']) {
      expect((await get(url, undefined, { 'idempotency-key': freshKey() })).code, url).toBe(700);
    }
    expect((await post('/api/Member/paymentPassword', { password: '123456' })).code).toBe(700);
  });

  // ---- Withdrawals ----

  it('applyForWithdrawal: key, input, verification, account, password and amount rules are checked; nothing moves on a refusal', async () => {
    const stranger = await createUser(ctx.db);
    await giveEarnings(stranger.id, 1_000);
    expect(await withdraw(stranger, 1_000, { key: null })).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await withdraw(stranger, 1_000, { key: 'bad key!' })).toMatchObject(validation);
    expect(await withdraw(stranger, 1_000)).toMatchObject(refusal(errors.WALLET_PAYOUT_NOT_VERIFIED));
    await verify(stranger);
    expect(await withdraw(stranger, 1_000)).toMatchObject(refusal(errors.WALLET_PAYOUT_ACCOUNT_MISSING, errors.WALLET_PAYOUT_ACCOUNT_MISSING.message('银行卡')));
    expect(await withdraw(stranger, 1_000, { account: 'alipay' })).toMatchObject(refusal(errors.WALLET_PAYOUT_ACCOUNT_MISSING, errors.WALLET_PAYOUT_ACCOUNT_MISSING.message('支付宝账户')));
    expect((await bindCard(stranger)).code).toBe(200);
    expect(await withdraw(stranger, 1_000)).toMatchObject(refusal(errors.WALLET_PAYMENT_PASSWORD_NOT_SET));

    const anchor = await readyAnchor(1_000);
    for (const [amount, extra] of [[0, {}], [1.5, {}], ['abc', {}], [100_000_001, {}], [1_000, { account: 'wechat' }], [1_000, { password: '12345' }], [1_000, { password: '12a456' }]] as const) {
      expect(await withdraw(anchor, amount, extra), `${amount} ${JSON.stringify(extra)}`).toMatchObject(validation);
    }
    expect(await withdraw(anchor, 990)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_TOO_SMALL, errors.WALLET_WITHDRAWAL_TOO_SMALL.message('10')));
    expect(await withdraw(anchor, 1_005)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_NOT_MULTIPLE, errors.WALLET_WITHDRAWAL_NOT_MULTIPLE.message('0.10')));
    // 1 000 coins are 10 000 fen: one more coin is beyond the earnings.
    expect(await withdraw(anchor, 10_010)).toMatchObject(refusal(errors.WALLET_EARNINGS_INSUFFICIENT));
    expect(await earningsOf(anchor.id)).toBe(1_000);
    expect(await ctx.db.selectFrom('withdrawal').select('id').where('user_id', 'in', [anchor.id, stranger.id]).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('wallet_order').select('id').where('user_id', 'in', [anchor.id, stranger.id]).execute()).toEqual([]);
  });

  it('a withdrawal moves earnings to withdrawals in flight, writes a pending order, answers masked; a retry answers the first; the list pages by cursor', async () => {
    const anchor = await readyAnchor(1_000);
    const inFlightBefore = await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' });
    const key = freshKey();
    const first = await withdraw(anchor, 2_000, { key });
    expect(first).toMatchObject({ code: 200, data: { earnings: 800, withdrawal: { amount_fen: 2_000, coins: 200, state: 'pending', account: 'card', account_masked: `**** **** **** ${CARD.slice(-4)}`, bank_name: '中国工商银行', reject_reason: null, reviewed_at: null } } });
    expect(Value.Check(ApplyWithdrawalResultSchema, first.data)).toBe(true);
    expect(first.data.withdrawal.order_no).toMatch(/^W[0-9]{24}$/);
    expect(await earningsOf(anchor.id)).toBe(800);
    expect(await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' })).toBe(inFlightBefore + 200);

    // Retries answer the first and move nothing; the same key with another amount or account is refused.
    expect(await withdraw(anchor, 2_000, { key })).toEqual(first);
    expect(await withdraw(anchor, 3_000, { key })).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await withdraw(anchor, 2_000, { key, account: 'alipay' })).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await earningsOf(anchor.id)).toBe(800);

    // The order: type 7 提现, pending, the amount in fen, no coins of the member's.
    const orders = await get('/api/Order/getList?type=7', anchor);
    expect(orders.data.list).toEqual([expect.objectContaining({ order_no: first.data.withdrawal.order_no, type: 7, state: 'pending', amount_fen: 2_000, coins: 0, paid_at: null })]);

    clock.advance(1_000);
    const second = await withdraw(anchor, 1_000);
    clock.advance(1_000);
    const third = await withdraw(anchor, 1_500);
    const page1 = await get('/api/Balance/withdrawalList?page_size=2', anchor);
    expect(Value.Check(WithdrawalPageSchema, page1.data)).toBe(true);
    expect(page1.data.list.map((item: { id: number }) => item.id)).toEqual([third.data.withdrawal.id, second.data.withdrawal.id]);
    expect(page1.data.next_cursor).toBe(String(second.data.withdrawal.id));
    const page2 = await get(`/api/Balance/withdrawalList?page_size=2&cursor=${page1.data.next_cursor}`, anchor);
    expect(page2.data).toEqual({ list: [first.data.withdrawal], next_cursor: null });
    expect((await get('/api/Balance/withdrawalList?state=paid', anchor)).data).toEqual({ list: [], next_cursor: null });
    for (const query of ['cursor=0', 'cursor=abc', 'page_size=0', 'state=done']) expect(await get(`/api/Balance/withdrawalList?${query}`, anchor), query).toMatchObject(validation);
    // Someone else's list is theirs only.
    expect((await get('/api/Balance/withdrawalList', await createUser(ctx.db))).data).toEqual({ list: [], next_cursor: null });

    const info = await get('/api/Balance/info', anchor);
    expect(Value.Check(WalletInfoSchema, info.data)).toBe(true);
    expect(info.data).toEqual({
      coins: 0,
      earnings: 550,
      earnings_in_flight: 450,
      conversion_percent: 80,
      fen_per_coin: 10,
      withdrawal_min_fen: 1_000,
      withdrawal_daily_limit_fen: 50_000,
      withdrawn_today_fen: 4_500,
      withdrawable_fen: 5_500,
      is_verified: 1,
      bank_card_bound: 1,
      alipay_bound: 0,
      payment_password_set: 1,
      payment_password_locked_until: null,
    });
  });

  it('the day’s limit counts pending and paid withdrawals of the China day, not rejected ones; the next day starts afresh', async () => {
    const anchor = await readyAnchor(20_000);
    expect((await withdraw(anchor, 30_000)).code).toBe(200);
    const second = await withdraw(anchor, 20_000);
    expect(second.code).toBe(200);
    expect(await withdraw(anchor, 1_000)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_DAILY_LIMIT, errors.WALLET_WITHDRAWAL_DAILY_LIMIT.message('500', '0')));
    expect((await get('/api/Balance/info', anchor)).data).toMatchObject({ withdrawn_today_fen: 50_000, withdrawable_fen: 0 });
    expect((await post(`/api/ops/withdrawals/${second.data.withdrawal.id}/reject`, { reason: '银行卡信息有误' }, undefined, OPS)).code).toBe(200);
    expect(await withdraw(anchor, 25_000)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_DAILY_LIMIT, errors.WALLET_WITHDRAWAL_DAILY_LIMIT.message('500', '200')));
    expect((await withdraw(anchor, 20_000)).code).toBe(200);
    dayLater();
    expect((await withdraw(anchor, 50_000)).code).toBe(200);
    expect(await earningsOf(anchor.id)).toBe(20_000 - 3_000 - 2_000 - 5_000);
  });

  it('parallel withdrawals within the earnings but beyond the day’s limit: exactly as many as the limit holds succeed (review)', async () => {
    const anchor = await readyAnchor(20_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(anchor, 10_000)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(5);
    for (const answer of answers.filter((item) => item.code !== 200)) expect(answer.reason).toBe(errors.WALLET_WITHDRAWAL_DAILY_LIMIT.reason);
    expect(await earningsOf(anchor.id)).toBe(20_000 - 5 * 1_000);
  });

  it('parallel withdrawals beyond the earnings succeed exactly as far as the earnings go; parallel retries of one key apply once', async () => {
    const anchor = await readyAnchor(500);
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(anchor, 2_000)));
    const applied = answers.filter((answer) => answer.code === 200);
    expect(applied).toHaveLength(2);
    for (const answer of answers.filter((item) => item.code !== 200)) expect(answer).toMatchObject(refusal(errors.WALLET_EARNINGS_INSUFFICIENT));
    expect(applied.map((answer) => answer.data.earnings).sort((a, b) => a - b)).toEqual([100, 300]);
    expect(await earningsOf(anchor.id)).toBe(100);

    const key = freshKey();
    const retries = await Promise.all(Array.from({ length: 4 }, () => withdraw(anchor, 1_000, { key })));
    for (const answer of retries) expect(answer).toEqual(retries[0]);
    expect(retries[0]).toMatchObject({ code: 200, data: { earnings: 0 } });
    expect(await ctx.db.selectFrom('withdrawal').select('id').where('user_id', '=', anchor.id).execute()).toHaveLength(3);
    expect(await ctx.db.selectFrom('wallet_order').select('id').where('user_id', '=', anchor.id).where('type', '=', 'withdrawal').execute()).toHaveLength(3);
  });

  // ---- Ops review ----

  it('ops list the queue (token only), approve (paid: in flight → payments clearing) or reject (earnings back), each audited once', async () => {
    const anchor = await readyAnchor(1_000);
    const a = (await withdraw(anchor, 2_000)).data.withdrawal;
    const b = (await withdraw(anchor, 3_000)).data.withdrawal;
    expect((await get('/api/ops/withdrawals')).status).toBe(403);
    expect((await get('/api/ops/withdrawals', anchor)).status).toBe(403);
    expect((await post(`/api/ops/withdrawals/${a.id}/approve`, undefined, anchor)).status).toBe(403);

    const queue = await get('/api/ops/withdrawals?page_size=100', undefined, OPS);
    expect(Value.Check(OpsWithdrawalPageSchema, queue.data)).toBe(true);
    const mine = queue.data.list.filter((item: { user_id: number }) => item.user_id === anchor.id);
    expect(mine.map((item: { id: number }) => item.id)).toEqual([a.id, b.id]);
    expect(mine[0]).toMatchObject({ real_name: '张*三', holder: '张*三', account_masked: `**** **** **** ${CARD.slice(-4)}`, reviewed_by: null, state: 'pending' });
    expect(JSON.stringify(queue)).not.toContain(CARD);
    for (const query of ['state=done', 'cursor=0', 'cursor=x', 'page_size=0', 'page_size=101', 'extra=1']) {
      expect(await get(`/api/ops/withdrawals?${query}`, undefined, OPS), query).toMatchObject(validation);
    }
    // The queue by cursor: after a, b comes next.
    const afterA = await get(`/api/ops/withdrawals?page_size=1&cursor=${a.id}`, undefined, OPS);
    expect(afterA.data.list[0]).toMatchObject({ id: b.id });

    const inFlight = await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' });
    const clearing = await balanceOf(ctx.db, { kind: 'payments_clearing' });
    const approved = await post(`/api/ops/withdrawals/${a.id}/approve`, undefined, undefined, OPS);
    expect(approved).toMatchObject({ code: 200, data: { withdrawal: { id: a.id, state: 'paid', reviewed_by: '财务小王', reject_reason: null } } });
    expect(Value.Check(WithdrawalReviewSchema, approved.data)).toBe(true);
    expect(await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' })).toBe(inFlight - 200);
    expect(await balanceOf(ctx.db, { kind: 'payments_clearing' })).toBe(clearing + 200);
    expect(await earningsOf(anchor.id)).toBe(500);
    expect(await post(`/api/ops/withdrawals/${a.id}/approve`, undefined, undefined, OPS)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_ALREADY_REVIEWED));
    expect(await post(`/api/ops/withdrawals/${a.id}/reject`, { reason: '重复审核' }, undefined, OPS)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_ALREADY_REVIEWED));

    for (const payload of [undefined, {}, { reason: '' }, { reason: 'x' }, { reason: '理'.repeat(101) }]) {
      expect(await post(`/api/ops/withdrawals/${b.id}/reject`, payload, undefined, OPS), JSON.stringify(payload)).toMatchObject({ status: 400, code: 1 });
    }
    expect(await post(`/api/ops/withdrawals/${b.id}/reject`, { reason: '  ' }, undefined, OPS)).toMatchObject({ code: 1 });
    const rejected = await post(`/api/ops/withdrawals/${b.id}/reject`, { reason: '收款账户姓名有误' }, undefined, OPS);
    expect(rejected).toMatchObject({ code: 200, data: { withdrawal: { id: b.id, state: 'rejected', reject_reason: '收款账户姓名有误' } } });
    expect(await earningsOf(anchor.id)).toBe(800);
    expect(await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' })).toBe(inFlight - 500);
    expect(await post(`/api/ops/withdrawals/${b.id}/approve`, undefined, undefined, OPS)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_ALREADY_REVIEWED));
    expect(await post('/api/ops/withdrawals/8765432101/approve', undefined, undefined, OPS)).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_NOT_FOUND));
    expect(await post('/api/ops/withdrawals/abc/approve', undefined, undefined, OPS)).toMatchObject({ status: 400 });

    // The member sees both outcomes; the orders follow.
    const list = (await get('/api/Balance/withdrawalList', anchor)).data.list;
    expect(list.map((item: { state: string }) => item.state)).toEqual(['rejected', 'paid']);
    const orders = (await get('/api/Order/getList?type=7', anchor)).data.list;
    expect(orders.map((order: { order_no: string; state: string }) => [order.order_no, order.state])).toEqual([[b.order_no, 'rejected'], [a.order_no, 'paid']]);
    expect(orders[1].paid_at).not.toBeNull();

    // Audited: one row per review, with who and why.
    const audit = await ctx.db.selectFrom('wallet_audit').select(['action', 'order_no', 'detail']).where('order_no', 'in', [a.order_no, b.order_no]).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'withdrawal_approve', order_no: a.order_no, detail: expect.objectContaining({ withdrawal_id: a.id, user_id: anchor.id, amount_fen: 2_000, coins: 200, actor: '财务小王', reason: null }) },
      { action: 'withdrawal_reject', order_no: b.order_no, detail: expect.objectContaining({ withdrawal_id: b.id, amount_fen: 3_000, actor: '财务小王', reason: '收款账户姓名有误' }) },
    ]);

    // Decided lists: newest first.
    const paid = (await get('/api/ops/withdrawals?state=paid', undefined, OPS)).data.list;
    expect(paid[0]).toMatchObject({ id: a.id, state: 'paid' });
  });

  it('parallel reviews of one withdrawal: exactly one wins', async () => {
    const anchor = await readyAnchor(300);
    const target = (await withdraw(anchor, 3_000)).data.withdrawal;
    const answers = await Promise.all([
      post(`/api/ops/withdrawals/${target.id}/approve`, undefined, undefined, OPS),
      post(`/api/ops/withdrawals/${target.id}/reject`, { reason: '重复提交' }, undefined, OPS),
      post(`/api/ops/withdrawals/${target.id}/approve`, undefined, undefined, OPS),
    ]);
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.code !== 200)) expect(answer).toMatchObject(refusal(errors.WALLET_WITHDRAWAL_ALREADY_REVIEWED));
    expect(await ctx.db.selectFrom('wallet_audit').select('id').where('order_no', '=', target.order_no).execute()).toHaveLength(1);
  });

  // ---- Conversion ----

  it('converts earnings into coins at the configured percent (the remainder to the platform), once per key, within the earnings', async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    await giveEarnings(anchor.id, 100);
    expect(await convert(anchor, 10, null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    for (const coins of [0, -1, 1.5, 'abc', 100_000_001]) expect(await convert(anchor, coins), String(coins)).toMatchObject(validation);
    expect(await convert(anchor, 1)).toMatchObject(refusal(errors.WALLET_CONVERSION_TOO_SMALL, errors.WALLET_CONVERSION_TOO_SMALL.message(2)));
    expect(await convert(anchor, 101)).toMatchObject(refusal(errors.WALLET_EARNINGS_INSUFFICIENT));

    const platform = await balanceOf(ctx.db, { kind: 'platform_revenue' });
    const key = freshKey();
    const first = await convert(anchor, 13, key);
    expect(first).toMatchObject({ code: 200, data: { earnings_coins: 13, coins: 10, balance: 10, earnings: 87 } });
    expect(Value.Check(ConversionResultSchema, first.data)).toBe(true);
    expect(first.data.order_no).toMatch(/^C[0-9]{24}$/);
    expect(await balanceOf(ctx.db, { kind: 'platform_revenue' })).toBe(platform + 3);
    expect((await ctx.db.selectFrom('app_user').select('balance').where('id', '=', anchor.id).executeTakeFirstOrThrow()).balance).toBe(10);
    expect(await convert(anchor, 13, key)).toEqual(first);
    expect(await convert(anchor, 14, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    const orders = (await get('/api/Order/getList?type=6', anchor)).data.list;
    expect(orders).toEqual([expect.objectContaining({ order_no: first.data.order_no, type: 6, state: 'paid', coins: 10, amount_fen: null })]);

    // Parallel conversions: as far as the earnings go (87 → three of 25, 12 left); parallel retries once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => convert(anchor, 25)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(3);
    for (const answer of answers.filter((item) => item.code !== 200)) expect(answer).toMatchObject(refusal(errors.WALLET_EARNINGS_INSUFFICIENT));
    const same = freshKey();
    const retries = await Promise.all(Array.from({ length: 3 }, () => convert(anchor, 10, same)));
    for (const answer of retries) expect(answer).toEqual(retries[0]);
    expect(await earningsOf(anchor.id)).toBe(2);
    expect((await ctx.db.selectFrom('app_user').select('balance').where('id', '=', anchor.id).executeTakeFirstOrThrow()).balance).toBe(10 + 3 * 20 + 8);
    expect((await get('/api/Balance/info', anchor)).data).toMatchObject({ coins: 78, earnings: 2, withdrawable_fen: 0 });
  });
  it('never writes a card number, an Alipay account or a payment password to the log', async () => {
    expect(logLines.some((line) => line.includes('withdrawal requested'))).toBe(true);
    expectNoSecretsLogged(logLines, [CARD, '13800138000', 'wangxm', 'WangXM', PASSWORD, '135790', '999999']);
  });
});
