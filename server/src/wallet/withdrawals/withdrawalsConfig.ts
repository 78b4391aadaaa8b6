import { EARNINGS_COINS_MAX, WITHDRAWAL_FEN_MAX } from '@sports/shared/server';
import { type ReadVar, parseInteger } from '../../infra/config/envVars';

/** Earnings conversions, withdrawals and the payment password (walletConfig.ts: `withdrawals`). */
export interface WithdrawalsConfig {
  /** WALLET_CONVERSION_PERCENT: coins credited per 100 earning coins converted, 1-100 (default 100: one for one); floor, the rest to the platform. */
  conversionPercent: number;
  /** WALLET_WITHDRAWAL_FEN_PER_COIN: fen paid out per earning coin withdrawn (default 10: 1 coin = 0.10 yuan). */
  fenPerCoin: number;
  /** WALLET_WITHDRAWAL_MIN_FEN: the smallest withdrawal (default 1000 = 10 yuan). */
  minFen: number;
  /** WALLET_WITHDRAWAL_DAILY_LIMIT_FEN: a member's withdrawals per China day, pending or paid (default 5 000 000 = 50 000 yuan). */
  dailyLimitFen: number;
  /** WALLET_PAYMENT_PASSWORD_LOCK_MINUTES: how long five wrong payment passwords in a row lock withdrawals (default 30). */
  lockMinutes: number;
}

/** Wrong payment passwords in a row that lock it. */
export const PAYMENT_PASSWORD_MAX_TRIES = 5;

export function loadWithdrawalsConfig(read: ReadVar, problems: string[]): WithdrawalsConfig {
  const config = {
    conversionPercent: parseInteger('WALLET_CONVERSION_PERCENT', read('WALLET_CONVERSION_PERCENT'), { fallback: 100, min: 1, max: 100 }, problems),
    fenPerCoin: parseInteger('WALLET_WITHDRAWAL_FEN_PER_COIN', read('WALLET_WITHDRAWAL_FEN_PER_COIN'), { fallback: 10, min: 1, max: 10_000 }, problems),
    minFen: parseInteger('WALLET_WITHDRAWAL_MIN_FEN', read('WALLET_WITHDRAWAL_MIN_FEN'), { fallback: 1_000, min: 1, max: WITHDRAWAL_FEN_MAX }, problems),
    dailyLimitFen: parseInteger('WALLET_WITHDRAWAL_DAILY_LIMIT_FEN', read('WALLET_WITHDRAWAL_DAILY_LIMIT_FEN'), { fallback: 5_000_000, min: 1, max: EARNINGS_COINS_MAX * 100 }, problems),
    lockMinutes: parseInteger('WALLET_PAYMENT_PASSWORD_LOCK_MINUTES', read('WALLET_PAYMENT_PASSWORD_LOCK_MINUTES'), { fallback: 30, min: 1, max: 7 * 24 * 60 }, problems),
  };
  if (config.minFen > config.dailyLimitFen) problems.push('WALLET_WITHDRAWAL_MIN_FEN must not exceed WALLET_WITHDRAWAL_DAILY_LIMIT_FEN');
  return config;
}
