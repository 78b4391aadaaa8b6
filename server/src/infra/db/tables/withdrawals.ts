import type { ColumnType, Generated } from 'kysely';
import type { AppTimestamp, NullableTimestamp } from './columnTypes';

/** Tables of earnings conversions, withdrawals, payout accounts and the payment password (server/src/wallet/withdrawals/; migration 0016). */

export type PayoutAccountKind = 'card' | 'alipay';
export type WithdrawalRowState = 'pending' | 'paid' | 'rejected';

/** A member's payout account, one per kind: the number and holder encrypted (member/idCipher.ts), masked copies in clear. */
export interface BankCardTable {
  id: Generated<number>;
  user_id: number;
  kind: PayoutAccountKind;
  number_cipher: Buffer;
  number_masked: string;
  last4: string;
  /** The bank's name; `支付宝` for Alipay. */
  bank_name: string;
  holder_cipher: Buffer;
  holder_masked: string;
  bound_at: AppTimestamp;
}

/** The member's payment password (argon2id) and the lock five wrong tries set. */
export interface PaymentPasswordTable {
  user_id: number;
  password_hash: string;
  failed_tries: Generated<number>;
  locked_until: NullableTimestamp;
  updated_at: AppTimestamp;
}

/** One applied conversion of earnings into coins (written with its transfer set). */
export interface EarningsConversionTable {
  id: Generated<number>;
  user_id: number;
  earnings_coins: number;
  coins: number;
  platform_coins: number;
  balance_after: number;
  earnings_after: number;
  order_no: string;
  idempotency_key: string;
  transfer_set_id: number;
  created_at: AppTimestamp;
}

/** One withdrawal request and its review. */
export interface WithdrawalTable {
  id: Generated<number>;
  user_id: number;
  amount_fen: number;
  coins: number;
  state: ColumnType<WithdrawalRowState, WithdrawalRowState | undefined, WithdrawalRowState>;
  account_kind: PayoutAccountKind;
  account_masked: string;
  bank_name: string;
  holder_masked: string;
  earnings_after: number;
  order_no: string;
  idempotency_key: string;
  transfer_set_id: number;
  review_set_id: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: AppTimestamp;
}
