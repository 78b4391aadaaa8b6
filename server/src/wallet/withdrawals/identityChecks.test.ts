import { expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { createUser, type TestUser } from '../../live/testing/roomsTestKit';
import { IDENTITY_CHECK_LIMITS } from '../../member/index';
import { describeEachDatabase } from '../../testing/testApp';
import { CARD, PASSWORD, addressOf, cardNumber, expectNoSecretsLogged, freshIdNumber, useWithdrawalsTestApp } from '../testing/withdrawalsTestKit';

// Issue 32, finding 3: `api/Bank_card/bind` with an invalid card and a guessed holder told a wrong
// name (WALLET_PAYOUT_HOLDER_MISMATCH) from the right one (WALLET_CARD_NUMBER_INVALID), with no
// limit. Now malformed input is refused before any comparison with stored personal data, and each
// comparison is limited per member and per address and written to identity_check.
// Finding 4: the secret-carrying GETs also take their fields as a POST body, and the server's
// logger never writes the secrets, whichever way they came.

const BAD_CARD = CARD.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));

describeEachDatabase('wallet: comparisons with stored personal data', (target) => {
  const { clock, logLines, ctx, get, post, refusal, verify, setPassword, withdraw, readyAnchor, freshKey } = useWithdrawalsTestApp(target);

  type Answer = { status: number; code: number; msg: string; data: any; reason?: string };
  /** One call from a chosen address (GET with a query, or POST with a JSON body). */
  const call = async (method: 'GET' | 'POST', path: string, as: TestUser, fields: Record<string, string | number>, ip: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const query = new URLSearchParams(Object.entries(fields).map(([name, value]): [string, string] => [name, String(value)]));
    const response = await ctx.app.inject(
      method === 'GET' ? { method, url: `${path}?${query}`, remoteAddress: ip, headers: { ...as.headers, ...headers } } : { method, url: path, payload: fields, remoteAddress: ip, headers: { ...as.headers, ...headers } },
    );
    return { status: response.statusCode, ...response.json() };
  };
  const card = (holder: string, overrides: Record<string, string> = {}) => ({ card_number: CARD, bank_name: '中国工商银行', holder, ...overrides });
  /** The member's audit rows (of one kind: verifying wrote one of its own, the ID number compared with the verified ones). */
  const rowsOf = (userId: number, kind: 'legal_name' | 'id_number' | 'payment_password' = 'legal_name') =>
    ctx.db.selectFrom('identity_check').selectAll().where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute();
  let addressCounter = 0;
  const freshAddress = () => `198.51.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

  it('refuses malformed input before comparing: an invalid card answers the same with a wrong or the right holder, and nothing is compared', async () => {
    const member = await createUser(ctx.db);
    await verify(member, '王小明');
    const ip = addressOf(member);
    for (const method of ['GET', 'POST'] as const) {
      const wrongName = await call(method, '/api/Bank_card/bind', member, card('王大明', { card_number: BAD_CARD }), ip);
      const rightName = await call(method, '/api/Bank_card/bind', member, card('王小明', { card_number: BAD_CARD }), ip);
      expect(wrongName).toMatchObject(refusal(errors.WALLET_CARD_NUMBER_INVALID));
      expect(rightName).toEqual(wrongName);
      // The bank's name and the holder's shape come before the comparison too.
      expect(await call(method, '/api/Bank_card/bind', member, card('王大明', { bank_name: '  <b>  ' }), ip)).toMatchObject(refusal(errors.WALLET_BANK_NAME_INVALID));
      expect(await call(method, '/api/Bank_card/bind', member, card('王小明', { bank_name: '  <b>  ' }), ip)).toMatchObject(refusal(errors.WALLET_BANK_NAME_INVALID));
      expect(await call(method, '/api/Bank_card/bind', member, card('Wang XM'), ip)).toMatchObject(refusal(errors.WALLET_PAYOUT_HOLDER_INVALID));
      expect(await call(method, '/api/Bank_card/bindAliPay', member, { account: '1380013800', holder: '王大明' }, ip)).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
      expect(await call(method, '/api/Bank_card/bindAliPay', member, { account: '1380013800', holder: '王小明' }, ip)).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
    expect(await rowsOf(member.id)).toEqual([]);
    // Verifying compared the ID number with the verified ones, once (no other account had it).
    expect(await rowsOf(member.id, 'id_number')).toMatchObject([{ matched: false, failed: false }]);

    // A well-formed bind compares, once per try, and says only then whether the name matched.
    expect(await call('POST', '/api/Bank_card/bind', member, card('王大明'), ip)).toMatchObject(refusal(errors.WALLET_PAYOUT_HOLDER_MISMATCH));
    expect(await call('POST', '/api/Bank_card/bind', member, card('王小明'), ip)).toMatchObject({ code: 200, data: { holder: '王*明' } });
    const rows = await rowsOf(member.id);
    expect(rows.map((row) => ({ kind: row.kind, ip: row.ip, matched: row.matched, failed: row.failed, at: row.created_at.toISOString() }))).toEqual([
      { kind: 'legal_name', ip, matched: false, failed: true, at: clock().toISOString() },
      { kind: 'legal_name', ip, matched: true, failed: false, at: clock().toISOString() },
    ]);
  });

  it(`a member may fail ${IDENTITY_CHECK_LIMITS.accountMax} name comparisons a day, from any addresses; then even the right name waits (429), and the refusal is audited`, async () => {
    const member = await createUser(ctx.db);
    await verify(member, '王小明');
    // 30 guesses in a burst, each from another address: the first accountMax are compared, the rest refused.
    const guesses = Array.from({ length: 30 }, (_, index) => `王${'一二三四五六七八九十'[index % 10]}${'甲乙丙'[Math.floor(index / 10)]}`);
    const answers = await Promise.all(guesses.map((guess) => call('GET', '/api/Bank_card/bindAliPay', member, { account: '13800138000', holder: guess }, freshAddress())));
    expect(answers.filter((answer) => answer.reason === errors.WALLET_PAYOUT_HOLDER_MISMATCH.reason)).toHaveLength(IDENTITY_CHECK_LIMITS.accountMax);
    const limited = answers.filter((answer) => answer.reason === errors.IDENTITY_CHECKS_TOO_MANY.reason);
    expect(limited).toHaveLength(30 - IDENTITY_CHECK_LIMITS.accountMax);
    expect(limited[0]).toMatchObject({ status: 429, code: 1, msg: errors.IDENTITY_CHECKS_TOO_MANY('24 小时').message });
    // The right name now answers the same refusal: nothing tells it apart.
    expect(await call('POST', '/api/Bank_card/bindAliPay', member, { account: '13800138000', holder: '王小明' }, freshAddress())).toMatchObject({ status: 429, reason: errors.IDENTITY_CHECKS_TOO_MANY.reason });
    const rows = await rowsOf(member.id);
    expect(rows.filter((row) => row.failed && row.matched === false)).toHaveLength(IDENTITY_CHECK_LIMITS.accountMax);
    expect(rows.filter((row) => row.matched === null && !row.failed)).toHaveLength(30 - IDENTITY_CHECK_LIMITS.accountMax + 1);
    expect(await ctx.db.selectFrom('bank_card').select('id').where('user_id', '=', member.id).execute()).toEqual([]);

    // A day after the first failures the window has moved on.
    clock.advance(24 * 3_600_000 + 1_000);
    expect(await call('POST', '/api/Bank_card/bindAliPay', member, { account: '13800138000', holder: '王小明' }, freshAddress())).toMatchObject({ code: 200, data: { holder: '王*明' } });
  });

  it(`one address may fail ${IDENTITY_CHECK_LIMITS.addressMax} comparisons an hour over all its members (names, ID numbers, payment passwords); other addresses are not held`, async () => {
    const ip = freshAddress();
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx.db)));
    for (const member of members) await verify(member, '李小红');
    const anchor = await readyAnchor(1_000);
    let failures = 0;
    // Wrong payment passwords count for the address (the member's own lock stops at 5 in a row).
    for (let attempt = 0; attempt < 4; attempt += 1, failures += 1) {
      expect((await call('GET', '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: '999999' }, ip, { 'idempotency-key': freshKey() })).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_WRONG.reason);
    }
    // An ID number another account verified with counts too.
    const taken = freshIdNumber();
    const owner = await createUser(ctx.db);
    expect((await post('/api/Member/verified', { name: '赵六', id_number: taken }, owner)).code).toBe(200);
    const newcomer = await createUser(ctx.db);
    expect(await call('POST', '/api/Member/verified', newcomer, { name: '赵六', id_number: taken }, ip)).toMatchObject(refusal(errors.MEMBER_ID_NUMBER_TAKEN));
    failures += 1;
    expect(await rowsOf(newcomer.id, 'id_number')).toMatchObject([{ kind: 'id_number', ip, matched: true, failed: true }]);
    // Names, each member below its own limit.
    for (let index = 0; failures < IDENTITY_CHECK_LIMITS.addressMax; index += 1, failures += 1) {
      const member = members[index % members.length] as TestUser;
      expect((await call('POST', '/api/Bank_card/bind', member, card('李大红'), ip)).reason).toBe(errors.WALLET_PAYOUT_HOLDER_MISMATCH.reason);
    }
    const fresh = await createUser(ctx.db);
    await verify(fresh, '李小红');
    expect(await call('POST', '/api/Bank_card/bind', fresh, card('李小红'), ip)).toMatchObject({ status: 429, reason: errors.IDENTITY_CHECKS_TOO_MANY.reason });
    expect(await call('POST', '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: PASSWORD }, ip, { 'idempotency-key': freshKey() })).toMatchObject({ status: 429, reason: errors.IDENTITY_CHECKS_TOO_MANY.reason });
    // The same members from another address are compared as usual.
    expect(await call('POST', '/api/Bank_card/bind', fresh, card('李小红'), freshAddress())).toMatchObject({ code: 200 });
    // An hour later the address may compare again.
    clock.advance(3_600_000 + 1_000);
    expect(await call('POST', '/api/Bank_card/bindAliPay', fresh, { account: 'lxh@example.com', holder: '李小红' }, ip)).toMatchObject({ code: 200 });
  });

  it('audits the payment password: each comparison of a well-formed withdrawal, never one refused for its amount', async () => {
    const anchor = await readyAnchor(2_000);
    expect((await withdraw(anchor, 1_005, { password: '999999' })).reason).toBe(errors.WALLET_WITHDRAWAL_NOT_MULTIPLE.reason);
    expect((await withdraw(anchor, 10, { password: '999999' })).reason).toBe(errors.WALLET_WITHDRAWAL_TOO_SMALL.reason);
    expect(await rowsOf(anchor.id, 'payment_password')).toEqual([]);
    expect((await withdraw(anchor, 1_000, { password: '999999' })).reason).toBe(errors.WALLET_PAYMENT_PASSWORD_WRONG.reason);
    expect((await withdraw(anchor, 1_000)).code).toBe(200);
    const rows = await rowsOf(anchor.id, 'payment_password');
    expect(rows.map((row) => [row.matched, row.failed, row.ip])).toEqual([
      [false, true, addressOf(anchor)],
      [true, false, addressOf(anchor)],
    ]);
  });

  it('takes the secret-carrying calls as a POST body with the same answers as the GET form (the GETs stay for compatibility)', async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    await verify(anchor);
    const ip = addressOf(anchor);
    const viaGet = await call('GET', '/api/Bank_card/bind', anchor, card('张小三'), ip);
    const viaPost = await call('POST', '/api/Bank_card/bind', anchor, card('张小三'), ip);
    expect(viaGet).toMatchObject({ code: 200 });
    expect({ ...viaPost.data, bound_at: null }).toEqual({ ...viaGet.data, bound_at: null });
    expect(await call('POST', '/api/Bank_card/bind', anchor, { ...card('张小三'), extra: '1' }, ip)).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    expect((await call('POST', '/api/Bank_card/bindAliPay', anchor, { account: '13900139000', holder: '张小三' }, ip)).data).toMatchObject({ account: '139****9000', holder: '张*三' });
    expect((await setPassword(anchor)).code).toBe(200);
    // A body's amount is a JSON number; the strict validator refuses a string.
    expect(await call('POST', '/api/Balance/applyForWithdrawal', anchor, { amount: '1000', account: 'card', password: PASSWORD }, ip, { 'idempotency-key': freshKey() })).toMatchObject({ status: 400 });
    expect(await call('POST', '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: PASSWORD }, ip)).toMatchObject(refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING));
    const key = freshKey();
    const first = await call('POST', '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: PASSWORD }, ip, { 'idempotency-key': key });
    expect(first).toMatchObject(refusal(errors.WALLET_EARNINGS_INSUFFICIENT));
    expect(await call('GET', '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: PASSWORD }, ip, { 'idempotency-key': key })).toEqual(first);
    expect((await get('/api/Balance/withdrawalList', anchor)).data.list).toEqual([]);
  });

  it('writes none of the planted secrets to the log at debug level, from queries or bodies, answered or refused', async () => {
    const anchor = await readyAnchor(0);
    const ip = addressOf(anchor);
    const plantedCard = cardNumber('621483000000123');
    const planted = { card: plantedCard, badCard: plantedCard.replace(/.$/, (digit) => String((Number(digit) + 1) % 10)), account: 'plantedsecret@example.com', mobileAccount: '13712345678', password: '864201', holder: '欧阳秘密', idNumber: freshIdNumber() };
    for (const method of ['GET', 'POST'] as const) {
      await call(method, '/api/Bank_card/bind', anchor, card(planted.holder, { card_number: planted.card }), ip);
      await call(method, '/api/Bank_card/bind', anchor, card('张小三', { card_number: planted.badCard }), ip);
      await call(method, '/api/Bank_card/bindAliPay', anchor, { account: planted.account, holder: planted.holder }, ip);
      await call(method, '/api/Bank_card/bindAliPay', anchor, { account: planted.mobileAccount, holder: '张小三' }, ip);
      await call(method, '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: planted.password }, ip, { 'idempotency-key': freshKey() });
      await call(method, '/api/Balance/applyForWithdrawal', anchor, { amount: 1_000, account: 'card', password: planted.password, extra: planted.password }, ip, { 'idempotency-key': freshKey() });
    }
    await call('POST', '/api/Member/verified', await createUser(ctx.db), { name: planted.holder, id_number: planted.idNumber }, ip);
    await call('POST', '/api/Member/paymentPassword', anchor, { password: planted.password, code: '123456' }, ip);
    // Unknown routes and the wrong method log their URLs too.
    await ctx.app.inject({ url: `/api/Bank_card/nothing?card_number=${planted.card}&password=${planted.password}&token=${planted.password}1`, remoteAddress: ip });
    await ctx.app.inject({ method: 'PUT', url: `/api/Bank_card/bind?card_number=${planted.card}&holder=${encodeURIComponent(planted.holder)}`, remoteAddress: ip });
    expect(logLines.some((line) => line.includes('card_number=[redacted]'))).toBe(true);
    expectNoSecretsLogged(logLines, [...Object.values(planted), encodeURIComponent(planted.holder), encodeURIComponent(planted.account)]);
  });
});
