import type { ColumnType, Generated } from 'kysely';
import type { AppTimestamp, Timestamp } from './columnTypes';

/** Tables of guards in live rooms (server/src/wallet/guards/; migration 0014). */

/** A guard tier (level 1 lowest .. 3 highest). */
export interface GuardTierTable {
  id: Generated<number>;
  name: string;
  level: ColumnType<1 | 2 | 3, 1 | 2 | 3, 1 | 2 | 3>;
  /** Coins per month. */
  price: number;
  /** The badge colour, #rrggbb. */
  color: string;
  icon: string;
  privileges: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

/** A member's guard in a room (one row per member and room; expired = none). */
export interface GuardMembershipTable {
  user_id: number;
  room_id: number;
  tier_id: number;
  started_at: AppTimestamp;
  expires_at: AppTimestamp;
  updated_at: AppTimestamp;
}

/** One applied guard purchase (written with its ledger transfer set). */
export interface GuardPurchaseTable {
  id: Generated<number>;
  user_id: number;
  room_id: number;
  anchor_id: number;
  tier_id: number;
  kind: 'buy' | 'renew' | 'upgrade';
  months: number;
  price: number;
  credit: number;
  coins: number;
  anchor_coins: number;
  platform_coins: number;
  balance_after: number;
  expires_after: AppTimestamp;
  idempotency_key: string;
  transfer_set_id: number;
  created_at: AppTimestamp;
}
