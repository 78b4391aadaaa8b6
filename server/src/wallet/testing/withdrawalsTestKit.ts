// The test kit of the wallet's payout side (withdrawals.test.ts, payoutAccounts.test.ts): one
// app per database target with a manual clock, a captured log and the withdrawals' test config,
// the calls as a member makes them, and an anchor ready to withdraw. The ledger is checked clean
// after each file.
import { Writable } from 'node:stream';
import { afterAll, expect } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { createServerLogger } from '../../infra/http/logRedaction';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { checkCharacter } from '../../member/idNumber';
import { DEFAULT_HALT_POLICY } from '../../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import type { DbTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { balanceOf, transferNow } from '../ledger';
import { defaultWalletConfig } from '../walletConfig';
import { expectLedgerClean } from './ledgerTestKit';

let idCounter = 0;
/** A fresh valid resident ID number. */
export function freshIdNumber(): string {
  idCounter += 1;
  const first17 = `11010519900101${String((process.pid + idCounter) % 1000).padStart(3, '0')}`;
  return first17 + checkCharacter(first17);
}

/** A Luhn-valid card number ending in the digits given (one check digit appended). */
export function cardNumber(body: string): string {
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

export const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '财务小王' };
export const CARD = cardNumber('622202123456789012');
export const PASSWORD = '246810';

/** The payout side's app on `target` and the calls its tests make; call it inside describeEachDatabase. */
export function useWithdrawalsTestApp(target: DbTarget) {
  // Wednesday 2026-11-18 12:00 in China (in the past: test sessions are issued on the real clock).
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const logLines: string[] = [];
  // The server's own logger (redaction included), at debug: every line it could write is checked.
  const logger = createServerLogger('debug', new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }));
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
  // Each member calls from an address of their own (the identity checks count per address too).
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}): Promise<Answer> =>
    ctx.app.inject({ url, remoteAddress: addressOf(as), headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const post = (url: string, payload: object | undefined, as?: TestUser, headers: Record<string, string> = {}): Promise<Answer> =>
    ctx.app
      .inject({ method: 'POST', url, remoteAddress: addressOf(as), ...(payload === undefined ? {} : { payload }), headers: { ...as?.headers, ...headers } })
      .then((response) => ({ status: response.statusCode, ...response.json() }));
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

  return { clock, logLines, ctx, freshKey, get, post, refusal, validation, verify, bindCard, setPassword, withdraw, convert, giveEarnings, earningsOf, readyAnchor, dayLater };
}

/** A member's own client address in the tests (172.16-31.y.z from the user id; freshIp's are 10.x.y.z); 127.0.0.1 for a guest. */
export function addressOf(user?: TestUser): string {
  if (user === undefined) return '127.0.0.1';
  return `172.${16 + ((user.id >> 16) & 15)}.${(user.id >> 8) & 255}.${user.id & 255}`;
}

/** No line of the captured log holds any of `secrets` (the timing fields left out: their digits could spell anything). */
export function expectNoSecretsLogged(logLines: readonly string[], secrets: readonly string[]): void {
  const lines = logLines.map((line) => {
    const { time: _time, responseTime: _responseTime, pid: _pid, ...entry } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(entry);
  });
  for (const secret of secrets) expect(lines.filter((line) => line.includes(secret)), secret).toEqual([]);
}

/** A time as the China minute the server writes in its messages (`2026-11-18 12:30`). */
export function chinaMinuteOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
