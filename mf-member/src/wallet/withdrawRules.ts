import type { WalletInfo } from '@sports/shared';
import { formatYuan } from '../member/recharge';
import { parseYuan } from './money';
import { withdrawCopy } from './walletCopy';

/** A withdrawal amount typed in yuan, checked against the info's rules: fen, or what is wrong. */
export function checkWithdrawalAmount(text: string, info: WalletInfo): { fen: number } | { problem: string } {
  const fen = parseYuan(text);
  if (fen === null || fen === 0) return { problem: withdrawCopy.amountInvalid };
  if (fen < info.withdrawal_min_fen) return { problem: withdrawCopy.amountBelowMin(formatYuan(info.withdrawal_min_fen)) };
  if (fen > info.withdrawable_fen) return { problem: withdrawCopy.amountAboveMax(formatYuan(info.withdrawable_fen)) };
  if (fen % info.fen_per_coin !== 0) return { problem: withdrawCopy.amountStep(formatYuan(info.fen_per_coin)) };
  return { fen };
}

/** The day's limit left (never below 0). */
export function dailyLeftFen(info: WalletInfo): number {
  return Math.max(0, info.withdrawal_daily_limit_fen - info.withdrawn_today_fen);
}

/** The lock's end while it lasts (a wrong password five times), else null. */
export function lockedUntil(info: WalletInfo, now: number): string | null {
  const until = info.payment_password_locked_until;
  return until !== null && Date.parse(until) > now ? until : null;
}

/** A 6-digit payment password or SMS code. */
export function isSixDigits(text: string): boolean {
  return /^\d{6}$/.test(text);
}
