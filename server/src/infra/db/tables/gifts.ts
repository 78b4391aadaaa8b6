import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columnTypes';

/** Tables of gifts in live rooms (server/src/wallet/gifts/; migration 0012). */

/** The gift catalogue. */
export interface GiftTable {
  id: Generated<number>;
  name: string;
  /** A path under /static/gifts/. */
  icon: string;
  /** Coins per gift. */
  price: number;
  tier: ColumnType<1 | 2 | 3, 1 | 2 | 3, 1 | 2 | 3>;
  combo: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
}

/** One applied gift send (written with its ledger transfer set). */
export interface GiftSendTable {
  id: Generated<number>;
  sender_id: number;
  room_id: number;
  anchor_id: number;
  gift_id: number;
  count: number;
  coins: number;
  anchor_coins: number;
  platform_coins: number;
  balance_after: number;
  idempotency_key: string;
  transfer_set_id: number;
  created_at: Timestamp;
}
