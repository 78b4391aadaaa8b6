import type { Generated } from 'kysely';
import type { Timestamp } from './columnTypes';

/** Tables of horns and barrage (server/src/wallet/horns/, wallet/barrage/; migration 0015). */

/** One applied horn (written with its ledger transfer set). */
export interface HornTable {
  id: Generated<number>;
  sender_id: number;
  text: string;
  /** The sender's level when it was sent. */
  level: number;
  coins: number;
  balance_after: number;
  idempotency_key: string;
  transfer_set_id: number;
  created_at: Timestamp;
}

export type BarragePositionColumn = 'scroll' | 'top' | 'bottom';

/** A danmaku style on offer. */
export interface BarrageStyleTable {
  id: Generated<number>;
  name: string;
  color: string;
  position: BarragePositionColumn;
  /** Coins per danmaku; 0 free. */
  price: number;
  min_level: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

/** A room's danmaku (HTTP sends, paid or free, and members' danmaku over the chat socket). */
export interface BarrageTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number;
  text: string;
  level: number;
  style_id: number | null;
  color: string;
  position: BarragePositionColumn;
  coins: Generated<number>;
  anchor_coins: Generated<number>;
  platform_coins: Generated<number>;
  balance_after: number | null;
  idempotency_key: string | null;
  transfer_set_id: number | null;
  message_id: string | null;
  created_at: Timestamp;
}
