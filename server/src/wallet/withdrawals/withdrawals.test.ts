import { Writable } from 'node:stream';
import {
  AliPayInfoSchema,
  ApplyWithdrawalResultSchema,
  BankCardInfoSchema,
  ConversionResultSchema,
  OpsWithdrawalPageSchema,
  WalletInfoSchema,
  WithdrawalPageSchema,
  WithdrawalReviewSchema,
} from '@sports/shared/server';
import { pino } from 'pino';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { loadIdCipher } from '../../member/idCipher';
import { checkCharacter } from '../../member/idNumber';
import { DEFAULT_HALT_POLICY } from '../../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock, freshIp, lastCode, requestCode } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { balanceOf, transferNow } from '../ledger';
import { expectLedgerClean } from '../testing/ledgerTestKit';
import { defaultWalletConfig } from '../walletConfig';
import { payoutContext } from './payoutAccounts';

let idCounter = 0;
/** A fresh valid resident ID number. */
function freshIdNumber(): string {
  idCounter += 1;
  const first17 = `11010519900101${String((process.pid + idCounter) % 1000).padStart(3, '0')}`;
  return first17 + checkCharacter(first17);
}

/** A Luhn-valid card number ending in the digits given (one check digit appended). */
function cardNumber(body: string): string {
  for (let check = 0; check < 10; check += 1) {
    const digits = `${body}${check}`;
    let sum = 0;
    for (let index = 0; index < digits.length; index += 1) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '财务小王' };
const CARD = cardNumber('622202123456789012');
const PASSWORD = '246810';

describeEachDatabase('wallet: earnings conversion, withdrawals, payout accounts, payment password, ops review', (target) => {
  // Wednesday 2026-11-18 12:00 in China (in the past: test sessions are issued on the real clock).
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }));
  const wallet = defaultWalletConfig();
  const withdrawalsConfig = { conversionPercent: 80, fenPerCoin: 10, minFen: 1_000, dailyLimitFen: 50_000, lockMinutes: 30 };
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, logger, releases: scratchReleases(DEFAULT_HALT_POLICY), wallet: { config: { ...wallet, withdrawals: withdrawalsConfig } } },
  });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
    // Withdrawals in flight hold exactly the pending withdrawals' coins (this database has no others).
    const pending = await ctx.db.selectFrom('withdrawal').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('coins'), eb.lit(0)).as('total')).where('state', '=', 'pending').executeTakeFirstOrThrow();
    expect(await balanceOf(ctx.db, { kind: 'withdrawals_in_flight' })).toBe(Number(pending.total));
  });

  let keyCounter = 0;
  const freshKey = () => `wd-${process.pid}-${++keyCounter}`;
  type Answer = { status: number; code: number; msg: string; data: any; reason?: string };
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}): Promise<Answer> =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const post = (url: string, payload: object | undefined, as?: TestUser, headers: Record<string, string> = {}): Promise<Answer> =>
    ctx.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }, message?: string) => ({ code: 1, msg: message ?? entry.message, data: null, reason: entry.reason });
  const validation = { status: 400, code: 1, reason: errors.VALIDATION.reason };

  const verify = async (as: TestUser, name = '张小三') => expect((await post('/api/Member/verified', { name, id_number: freshIdNumber() }, as)).code).toBe(200);
  const bindCard = (as: TestUser, query: Record<string, string> = {}) =>
    get(`/api/Bank_card/bind?${new URLSearchParams({ card_number: CARD, bank_name: '中国工商银行', holder: '张小三', ...query })}`, as);
  const setPassword = (as: TestUser, password = PASSWORD, code?: string) => post('/api/Member/paymentPassword', code === undefined ? { password } : { password, code }, as);
  const withdraw = (as: TestUser, amount: number | string, options: { key?: string | null; password?: string; account?: string } = {}) => {
    const key = options.key === undefined ? freshKey() : options.key;
    const query = new URLSearchParams({ amount: String(amount), account: options.account ?? 'card', password: options.password ?? PASSWORD });
    return get(`/api/Balance/applyForWithdrawal?${query}`, as, key === null ? {} : { 'idempotency-key': key });
  };
  const convert = (as: TestUser, coins: number | string, key: string | null = freshKey()) =>
    get(`/api/Balance/conversionBalance?coins=${coins}`, as, key === null ? {} : { 'idempotency-key': key });
  const giveEarnings = (userId: number, coins: number) => {
    const key = `test-earnings:${process.pid}:${++keyCounter}`;
    return transferNow(ctx.db, { idempotencyKey: key, kind: 'test_earnings', reference: key, legs: [{ from: { kind: 'payments_clearing' }, to: { kind: 'anchor_earnings', owner: userId }, amount: coins }] });
  };
  const earningsOf = (userId: number) => balanceOf(ctx.db, { kind: 'anchor_earnings', owner: userId });
  /** An anchor ready to withdraw: earnings, verified, card bound, payment password set. */
  const readyAnchor = async (earnings: number) => {
    const anchor = await createUser(ctx.db, { anchor: true });
    if (earnings > 0) await giveEarnings(anchor.id, earnings);
    await verify(anchor);
    expect((await bindCard(anchor)).code).toBe(200);
    expect((await setPassword(anchor)).code).toBe(200);
    return anchor;
  };
  const dayLater = () => clock.advance(24 * 3_600_000);

  it('every call needs a login', async () => {
    for (const url of ['/api/Balance/info', '/api/Balance/conversionBalance?coins=1', '/api/Balance/applyForWithdrawal?amount=1000&account=card&password=123456', '/api/Balance/withdrawalList', '/api/Bank_card/getInfo', '/api/Bank_card/getAliPayInfo', `/api/Bank_card/bind?card_number=${CARD}&bank_name=工行&holder=张三`, '/api/Bank_card/bindAliPay?account=13800138000&holder=张三']) {
      expect((await get(url, undefined, { 'idempotency-key': freshKey() })).code, url).toBe(700);
    }
    expect((await post('/api/Member/paymentPassword', { password: '123456' })).code).toBe(700);
  });

  // ---- Bank_card ----

  it('binds a card only after verification, in the verified name, Luhn-checked; answers it masked, stores it encrypted', async () => {
    const member = await createUser(ctx.db);
    expect(await get('/api/Bank_card/getInfo', member)).toMatchObject({ code: 200, data: null });
    expect(await bindCard(member)).toMatchObject(refusal(errors.WALLET_PAYOUT_NOT_VERIFIED));
    await verify(member, '张小三');
    expect(await bindCard(member, { holder: '李四' })).toMatchObject(refusal(errors.WALLET_PAYOUT_HOLDER_MISMATCH));
    expect(await bindCard(member, { card_number: cardNumber('622202123456789012').replace(/.$/, (d) => String((Number(d) + 1) % 10)) })).toMatchObject(refusal(errors.WALLET_CARD_NUMBER_INVALID));
    for (const query of [{ card_number: '12345678901' }, { card_number: '1'.repeat(20) }, { card_number: '6222 0212 3456 7890' }, { card_number: '62220212345678901a' }, { bank_name: '工' }, { bank_name: '工'.repeat(31) }, { holder: '张' }, { extra: '1' }] as Array<Record<string, string>>) {
      expect(await bindCard(member, query), JSON.stringify(query)).toMatchObject(validation);
    }
    expect(await get('/api/Bank_card/getInfo', member)).toMatchObject({ code: 200, data: null });

    const bound = await bindCard(member, { holder: ' 张小三 ' });
    expect(bound).toMatchObject({ code: 200, data: { card_number: `**** **** **** ${CARD.slice(-4)}`, last4: CARD.slice(-4), bank_name: '中国工商银行', holder: '张*三' } });
    expect(Value.Check(BankCardInfoSchema, bound.data)).toBe(true);
    const info = await get('/api/Bank_card/getInfo', member);
    expect(info.data).toEqual(bound.data);
    expect(JSON.stringify(info)).not.toContain(CARD);

    // At rest: ciphertext that decrypts (with the member domain's key) only in its own row and column.
    const row = await ctx.db.selectFrom('bank_card').selectAll().where('user_id', '=', member.id).where('kind', '=', 'card').executeTakeFirstOrThrow();
    expect(row.number_cipher.includes(Buffer.from(CARD))).toBe(false);
    const cipher = await loadIdCipher(null, ctx.dataDir);
    expect(cipher.decrypt(row.number_cipher, payoutContext(member.id, 'card', 'number'))).toBe(CARD);
    expect(cipher.decrypt(row.holder_cipher, payoutContext(member.id, 'card', 'holder'))).toBe('张小三');
    expect(() => cipher.decrypt(row.number_cipher, payoutContext(member.id + 1, 'card', 'number'))).toThrow();

    // Binding again replaces the card.
    const other = cardNumber('436742010000000');
    expect((await bindCard(member, { card_number: other, bank_name: '中国建设银行' })).data).toMatchObject({ card_number: `**** **** **** ${other.slice(-4)}`, bank_name: '中国建设银行' });
    expect(await ctx.db.selectFrom('bank_card').select('id').where('user_id', '=', member.id).execute()).toHaveLength(1);
  });

  it('binds an Alipay account (mobile or email) in the verified name, masked', async () => {
    const member = await createUser(ctx.db);
    const bind = (account: string, holder = '王小明') => get(`/api/Bank_card/bindAliPay?${new URLSearchParams({ account, holder })}`, member);
    expect(await get('/api/Bank_card/getAliPayInfo', member)).toMatchObject({ code: 200, data: null });
    expect(await bind('13800138000')).toMatchObject(refusal(errors.WALLET_PAYOUT_NOT_VERIFIED));
    await verify(member, '王小明');
    expect(await bind('13800138000', '王小红')).toMatchObject(refusal(errors.WALLET_PAYOUT_HOLDER_MISMATCH));
    for (const account of ['1380013800', '23800138000', 'not-an-account', 'a@b', `${'a'.repeat(60)}@example.com`]) expect(await bind(account), account).toMatchObject(validation);

    const byMobile = await bind('13800138000');
    expect(byMobile).toMatchObject({ code: 200, data: { account: '138****8000', holder: '王*明' } });
    expect(Value.Check(AliPayInfoSchema, byMobile.data)).toBe(true);
    const byEmail = await bind('WangXM@Example.com');
    expect(byEmail.data).toMatchObject({ account: 'wa***@example.com', holder: '王*明' });
    const info = await get('/api/Bank_card/getAliPayInfo', member);
    expect(info.data).toEqual(byEmail.data);
    expect(JSON.stringify(info)).not.toContain('wangxm');
    const cipher = await loadIdCipher(null, ctx.dataDir);
    const row = await ctx.db.selectFrom('bank_card').selectAll().where('user_id', '=', member.id).where('kind', '=', 'alipay').executeTakeFirstOrThrow();
    expect(cipher.decrypt(row.number_cipher, payoutContext(member.id, 'alipay', 'number'))).toBe('wangxm@example.com');
    // The card is another kind: still none.
    expect((await get('/api/Bank_card/getInfo', member)).data).toBeNull();
  });

  // ---- Payment password ----

  it('sets the payment password once; a change needs an SMS code (type 2) to the member’s mobile; argon2id', async () => {
    const member = await createUser(ctx.db);
    for (const password of ['12345', '1234567', 'abcdef', 123456]) expect(await setPassword(member, password as string), String(password)).toMatchObject(validation);
    expect(await setPassword(member, '111111')).toMatchObject({ code: 200, data: { payment_password_set: 1, changed: 0 } });
    const row = await ctx.db.selectFrom('payment_password').selectAll().where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect(await setPassword(member, '222222')).toMatchObject(refusal(errors.WALLET_PAYMENT_PASSWORD_CODE_REQUIRED));
    expect(await setPassword(member, '222222', '000000')).toMatchObject(refusal(errors.SMS_CODE_MISSING));
    // The change code: to the member's own mobile, logged in, no captcha; getCode's resend limit holds.
    expect((await post('/api/Member/paymentPasswordCode', undefined)).code).toBe(700);
    expect(await post('/api/Member/paymentPasswordCode', undefined, member)).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    expect((await post('/api/Member/paymentPasswordCode', undefined, member)).reason).toBe(errors.SMS_RESEND_TOO_SOON.reason);
    const code = await lastCode(ctx.dataDir, member.mobile, 2);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await setPassword(member, '222222', wrong)).toMatchObject(refusal(errors.SMS_CODE_WRONG, errors.SMS_CODE_WRONG.message(4)));
    expect(await setPassword(member, '222222', code)).toMatchObject({ code: 200, data: { payment_password_set: 1, changed: 1 } });
    // The code is used up; the new password is the one that counts.
    expect(await setPassword(member, '333333', code)).toMatchObject(refusal(errors.SMS_CODE_MISSING));
    await giveEarnings(member.id, 500);
    await verify(member);
    expect((await bindCard(member)).code).toBe(200);
    expect(await withdraw(member, 1_000, { password: '111111' })).toMatchObject(refusal(errors.WALLET_PAYMENT_PASSWORD_WRONG, errors.WALLET_PAYMENT_PASSWORD_WRONG.message(4)));
    expect((await withdraw(member, 1_000, { password: '222222' })).code).toBe(200);
  });

  it('five wrong payment passwords lock withdrawals until a stated time; the tries survive the refusals; the lock ends or a change with a code lifts it', async () => {
    const anchor = await readyAnchor(1_000);
    for (let remaining = 4; remaining >= 1; remaining -= 1) {
      expect(await withdraw(anchor, 1_000, { password: '999999' })).toMatchObject(refusal(errors.WALLET_PAYMENT_PASSWORD_WRONG, errors.WALLET_PAYMENT_PASSWORD_WRONG.message(remaining)));
    }
    expect((await ctx.db.selectFrom('payment_password').select('failed_tries').where('user_id', '=', anchor.id).executeTakeFirstOrThrow()).failed_tries).toBe(4);
    // The fifth locks for 30 minutes, and says until when (China time).
    const start = clock();
    const until = chinaMinuteOf(new Date(start.getTime() + 30 * 60_000));
    expect(await withdraw(anchor, 1_000, { password: '999999' })).toMatchObject(refusal(errors.WALLET_PAYMENT_PASSWORD_LOCKED, errors.WALLET_PAYMENT_PASSWORD_LOCKED.message(until)));
    // Even the right password waits; nothing moved.
    expect((await withdraw(anchor, 1_000)).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_LOCKED.reason);
    expect(await earningsOf(anchor.id)).toBe(1_000);
    expect((await get('/api/Balance/info', anchor)).data.payment_password_locked_until).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());

    clock.advance(30 * 60_000);
    expect((await get('/api/Balance/info', anchor)).data.payment_password_locked_until).toBeNull();
    expect(await withdraw(anchor, 1_000)).toMatchObject({ code: 200 });
    expect((await ctx.db.selectFrom('payment_password').select('failed_tries').where('user_id', '=', anchor.id).executeTakeFirstOrThrow()).failed_tries).toBe(0);

    // Locked again, then lifted by a change with an SMS code.
    for (let attempt = 0; attempt < 5; attempt += 1) await withdraw(anchor, 1_000, { password: '999999' });
    expect((await withdraw(anchor, 1_000)).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_LOCKED.reason);
    expect((await requestCode(ctx.app, anchor.mobile, 2, freshIp())).json().code).toBe(200);
    expect((await setPassword(anchor, '135790', await lastCode(ctx.dataDir, anchor.mobile, 2))).code).toBe(200);
    expect((await withdraw(anchor, 1_000, { password: '135790' })).code).toBe(200);
  });

  it('tries in parallel take turns: a right password in flight beside the fifth wrong one is refused once that one locks', async () => {
    const anchor = await readyAnchor(1_000);
    for (let attempt = 0; attempt < 4; attempt += 1) await withdraw(anchor, 1_000, { password: '999999' });
    // Hold the member's row, so both tries are in flight together: the wrong one first, then the right one.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const holder = ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('payment_password').select('user_id').where('user_id', '=', anchor.id).forUpdate().execute();
      holding();
      await held;
    });
    await isHeld;
    const wrong = withdraw(anchor, 1_000, { password: '999999' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const right = withdraw(anchor, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holder;
    expect((await wrong).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_LOCKED.reason);
    expect((await right).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_LOCKED.reason);
    expect(await earningsOf(anchor.id)).toBe(1_000);
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
    // Without the timing fields (their digits could spell anything).
    const lines = logLines.map((line) => {
      const { time: _time, responseTime: _responseTime, pid: _pid, ...entry } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(entry);
    });
    expect(lines.some((line) => line.includes('withdrawal requested'))).toBe(true);
    for (const secret of [CARD, '13800138000', 'wangxm', 'WangXM', PASSWORD, '135790', '999999']) {
      expect(lines.filter((line) => line.includes(secret)), secret).toEqual([]);
    }
  });
});

function chinaMinuteOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
