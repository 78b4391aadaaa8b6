import { describe, expect, it } from 'vitest';
import { loadWithdrawalsConfig } from './withdrawalsConfig';

describe('withdrawals config (WALLET_CONVERSION_PERCENT, WALLET_WITHDRAWAL_*, WALLET_PAYMENT_PASSWORD_LOCK_MINUTES)', () => {
  const load = (env: Record<string, string>) => {
    const problems: string[] = [];
    return { config: loadWithdrawalsConfig((name) => env[name], problems), problems };
  };

  it('defaults: one for one, 10 fen a coin, 10 yuan minimum, 50 000 yuan a day, 30 minutes', () => {
    expect(load({})).toEqual({ config: { conversionPercent: 100, fenPerCoin: 10, minFen: 1_000, dailyLimitFen: 5_000_000, lockMinutes: 30 }, problems: [] });
  });

  it('reads each variable and refuses values out of range, and a minimum above the daily limit', () => {
    expect(load({ WALLET_CONVERSION_PERCENT: '80', WALLET_WITHDRAWAL_FEN_PER_COIN: '1', WALLET_WITHDRAWAL_MIN_FEN: '100', WALLET_WITHDRAWAL_DAILY_LIMIT_FEN: '100', WALLET_PAYMENT_PASSWORD_LOCK_MINUTES: '5' })).toEqual({
      config: { conversionPercent: 80, fenPerCoin: 1, minFen: 100, dailyLimitFen: 100, lockMinutes: 5 },
      problems: [],
    });
    for (const [name, value] of [['WALLET_CONVERSION_PERCENT', '0'], ['WALLET_CONVERSION_PERCENT', '101'], ['WALLET_WITHDRAWAL_FEN_PER_COIN', '0'], ['WALLET_WITHDRAWAL_MIN_FEN', '1.5'], ['WALLET_PAYMENT_PASSWORD_LOCK_MINUTES', '0']] as const) {
      expect(load({ [name]: value }).problems, `${name}=${value}`).toEqual([expect.stringContaining(name)]);
    }
    expect(load({ WALLET_WITHDRAWAL_MIN_FEN: '2000', WALLET_WITHDRAWAL_DAILY_LIMIT_FEN: '1000' }).problems).toEqual(['WALLET_WITHDRAWAL_MIN_FEN must not exceed WALLET_WITHDRAWAL_DAILY_LIMIT_FEN']);
  });
});
