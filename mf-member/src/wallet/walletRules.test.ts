import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { convertedCoins } from './ConversionForm';
import { IntentKeys } from './intentKey';
import { cardNumberProblem, passesLuhn } from './luhn';
import { parseYuan } from './money';
import { walletInfo } from './walletFixtures';
import { checkWithdrawalAmount, dailyLeftFen, lockedUntil } from './withdrawRules';

describe('amounts in yuan become integer fen', () => {
  it('reads whole yuan, one or two decimals, digit by digit (no float rounding)', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan(' 0.10 ')).toBe(10);
    expect(parseYuan('1.13')).toBe(113);
    expect(parseYuan('999999999.99')).toBe(99_999_999_999);
  });
  it('refuses anything else', () => {
    for (const text of ['', '-1', '1.234', '1e3', '１２', '1,000', '.5', '1.', 'abc']) expect(parseYuan(text)).toBeNull();
  });
});

describe('bank card numbers', () => {
  it('pass Luhn when valid, fail with one digit changed or two neighbours swapped', () => {
    expect(passesLuhn('6222020000000007')).toBe(true);
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('6222020000000070')).toBe(false);
  });
  it('are 12-19 digits, spaces allowed while typing', () => {
    expect(cardNumberProblem('6222 0200 0000 0007')).toBeNull();
    expect(cardNumberProblem('62220200000')).toBe('format');
    expect(cardNumberProblem('6222-0200-0000-000x')).toBe('format');
    expect(cardNumberProblem('6222 0200 0000 0008')).toBe('checksum');
  });
});

describe('withdrawal rules', () => {
  const info = walletInfo({ withdrawal_min_fen: 1_000, withdrawable_fen: 50_000, fen_per_coin: 10 });
  it('takes an amount within the minimum, what is withdrawable, in steps of one earning coin', () => {
    expect(checkWithdrawalAmount('20', info)).toEqual({ fen: 2_000 });
    expect(checkWithdrawalAmount('500.00', info)).toEqual({ fen: 50_000 });
  });
  it('says what is wrong otherwise', () => {
    expect(checkWithdrawalAmount('9.99', info)).toEqual({ problem: '单笔最低提现 ¥10.00' });
    expect(checkWithdrawalAmount('500.10', info)).toEqual({ problem: '当前最多可提现 ¥500.00' });
    expect(checkWithdrawalAmount('20.05', info)).toEqual({ problem: '金额须为 ¥0.10 的整数倍' });
    expect(checkWithdrawalAmount('0', info)).toEqual({ problem: '请输入正确的金额，最多两位小数' });
  });
  it('the day left and the lock', () => {
    expect(dailyLeftFen(walletInfo({ withdrawal_daily_limit_fen: 10_000, withdrawn_today_fen: 12_000 }))).toBe(0);
    const now = Date.parse('2026-11-25T02:00:00Z');
    expect(lockedUntil(walletInfo({ payment_password_locked_until: '2026-11-25T02:30:00Z' }), now)).toBe('2026-11-25T02:30:00Z');
    expect(lockedUntil(walletInfo({ payment_password_locked_until: '2026-11-25T01:30:00Z' }), now)).toBeNull();
  });
  it('a conversion credits floor(earnings × percent / 100)', () => {
    expect(convertedCoins(99, 50)).toBe(49);
    expect(convertedCoins(100, 100)).toBe(100);
  });
});

describe('one Idempotency-Key per intent', () => {
  it('is kept while the outcome is unknown, dropped after an answer or a refusal, new for another intent', () => {
    const keys = new IntentKeys();
    const first = keys.keyFor('withdraw:2000:card');
    keys.settle(new ApiError(null, ''));
    expect(keys.keyFor('withdraw:2000:card')).toBe(first);
    keys.settle(new ApiError(1, '服务器繁忙', null, 'SERVER_BUSY'));
    expect(keys.keyFor('withdraw:2000:card')).toBe(first);
    expect(keys.keyFor('withdraw:3000:card')).not.toBe(first);
    const third = keys.keyFor('withdraw:3000:card');
    keys.settle(new ApiError(1, '支付密码错误', null, 'WALLET_PAYMENT_PASSWORD_WRONG'));
    expect(keys.keyFor('withdraw:3000:card')).not.toBe(third);
    const fourth = keys.keyFor('withdraw:3000:card');
    keys.settle();
    expect(keys.keyFor('withdraw:3000:card')).not.toBe(fourth);
  });
});
