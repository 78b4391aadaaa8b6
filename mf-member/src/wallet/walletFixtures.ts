import type { Order, WalletInfo, Withdrawal } from '@sports/shared';
import { WALLET_PATHS } from '../api/walletApi';
import { logIn, memberContext, type Answer, type MemberTestContext } from '../testing/fixtures';
import type { UserInfo } from '@sports/shared';

/** An anchor's wallet ready to withdraw: verified, a card bound, a password set (unit tests only). */
export function walletInfo(overrides: Partial<WalletInfo> = {}): WalletInfo {
  return {
    coins: 120,
    earnings: 5_000,
    earnings_in_flight: 0,
    conversion_percent: 100,
    fen_per_coin: 10,
    withdrawal_min_fen: 1_000,
    withdrawal_daily_limit_fen: 500_000,
    withdrawn_today_fen: 0,
    withdrawable_fen: 50_000,
    is_verified: 1,
    bank_card_bound: 1,
    alipay_bound: 0,
    payment_password_set: 1,
    payment_password_locked_until: null,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    order_no: 'G202611250000000000000001',
    type: 2,
    type_name: '礼物',
    subject: '足球 x10',
    state: 'paid',
    amount_fen: null,
    coins: -100,
    created_at: '2026-11-25T02:00:00.000Z',
    paid_at: '2026-11-25T02:00:00.000Z',
    ...overrides,
  };
}

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 1,
    order_no: 'W202611250000000000000001',
    amount_fen: 2_000,
    coins: 200,
    state: 'pending',
    account: 'card',
    account_masked: '**** **** **** 0007',
    bank_name: '招商银行',
    reject_reason: null,
    created_at: '2026-11-25T02:00:00.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

export const CARD = { card_number: '**** **** **** 0007', last4: '0007', bank_name: '招商银行', holder: '张*', bound_at: '2026-11-25T01:00:00.000Z' };

/** A logged-in member's context whose wallet endpoints answer the defaults, then `answers`. */
export function walletContext(user: UserInfo, answers: Record<string, Answer> = {}): MemberTestContext {
  const context = memberContext({
    [WALLET_PATHS.info]: walletInfo(),
    [WALLET_PATHS.orders]: { list: [], next_cursor: null },
    [WALLET_PATHS.orderTypes]: [
      { type: 1, name: '充值' },
      { type: 2, name: '礼物' },
      { type: 6, name: '兑换' },
      { type: 7, name: '提现' },
    ],
    [WALLET_PATHS.withdrawals]: { list: [], next_cursor: null },
    [WALLET_PATHS.card]: CARD,
    [WALLET_PATHS.aliPay]: null,
    ...answers,
  });
  logIn(context, user);
  return context;
}
