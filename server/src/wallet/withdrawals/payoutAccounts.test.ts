import { AliPayInfoSchema, BankCardInfoSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { createUser } from '../../live/testing/roomsTestKit';
import { loadIdCipher } from '../../member/idCipher';
import { freshIp, lastCode, requestCode } from '../../testing/accounts';
import { describeEachDatabase } from '../../testing/testApp';
import { payoutContext } from './payoutAccounts';
import { CARD, cardNumber, chinaMinuteOf, expectNoSecretsLogged, PASSWORD, useWithdrawalsTestApp } from '../testing/withdrawalsTestKit';

describeEachDatabase('wallet: payout accounts and the payment password', (target) => {
  const { clock, logLines, ctx, get, post, refusal, validation, verify, bindCard, setPassword, withdraw, giveEarnings, earningsOf, readyAnchor } = useWithdrawalsTestApp(target);

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
  it('never writes a card number, an Alipay account or a payment password to the log', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    expectNoSecretsLogged(logLines, [CARD, '13800138000', 'wangxm', 'WangXM', PASSWORD, '135790', '999999']);
  });
});
