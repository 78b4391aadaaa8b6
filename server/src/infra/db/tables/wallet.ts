import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columnTypes';

/** Tables of the wallet: the double-entry ledger, recharge packages and orders (server/src/wallet/; migration 0011). */

// ---- The wallet (migration 0011; wallet/README.md) ----

/** Coin accounts (migration 0011) and points accounts (migration 0034: a member's points, the issuing account, the predictions' escrow). */
export type LedgerAccountKind = 'member_coins' | 'anchor_earnings' | 'platform_revenue' | 'payments_clearing' | 'withdrawals_in_flight' | 'member_points' | 'points_issued' | 'prediction_pool' | 'red_packet_escrow' | 'lottery_escrow';

export interface LedgerAccountTable {
  id: Generated<number>;
  kind: LedgerAccountKind;
  owner_id: number | null;
  shards: Generated<number>;
  created_at: Timestamp;
}

/** One shard of an account's balance (credits - debits); changed only by wallet/ledger.ts. */
export interface LedgerBalanceTable {
  account_id: number;
  shard: number;
  kind: LedgerAccountKind;
  balance: Generated<number>;
}

/** Immutable: one per idempotency key. */
export interface LedgerTransferSetTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  reference: string;
  fingerprint: string;
  created_at: Timestamp;
}

/** Immutable: amount moves from the debit account to the credit account. */
export interface LedgerTransferTable {
  id: Generated<number>;
  set_id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  kind: string;
  reference: string;
  created_at: Timestamp;
}

/** A recharge package (ops-managed). */
export interface ChargeRuleTable {
  id: Generated<number>;
  price_fen: number;
  coins: number;
  bonus_coins: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
}

export type WalletOrderState = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'rejected';

/** What an order is for (migrations 0013, 0040; numbers and names: ORDER_TYPES in @sports/shared). */
export type WalletOrderType = 'recharge' | 'gift' | 'guard' | 'horn' | 'barrage' | 'conversion' | 'withdrawal' | 'red_packet' | 'lottery';

export interface WalletOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  type: WalletOrderType;
  state: WalletOrderState;
  amount_fen: number | null;
  coins: number;
  charge_rule_id: number | null;
  provider: string | null;
  provider_trade_no: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: string;
  fingerprint: string;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_late: Generated<boolean>;
  /** What the member reads in the list (migration 0013). */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ledger set that moved the coins (null while a recharge is unpaid). */
  transfer_set_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface WalletAuditTable {
  id: Generated<number>;
  action: string;
  order_no: string | null;
  detail: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
}
