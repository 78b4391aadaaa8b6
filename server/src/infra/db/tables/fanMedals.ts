import type { ColumnType } from 'kysely';
import type { AppTimestamp } from './columnTypes';

/** Fan medals (migration 0035; server/src/fanMedals/README.md). */

type Nullable<Value> = ColumnType<Value | null, Value | null | undefined, Value | null>;

export interface FanMedalTable {
  member_id: number;
  anchor_id: number;
  intimacy: ColumnType<number, number | undefined, number>;
  gift_coins: ColumnType<number, number | undefined, number>;
  /** The China day of the counters (null: none yet). */
  day: Nullable<string>;
  watch_today: ColumnType<number, number | undefined, number>;
  chat_today: ColumnType<number, number | undefined, number>;
  last_watch_at: Nullable<Date>;
  last_interaction_at: AppTimestamp;
  created_at: AppTimestamp;
}

export interface FanMedalNameTable {
  anchor_id: number;
  name: string;
  updated_at: AppTimestamp;
}

export interface FanMedalWornTable {
  member_id: number;
  anchor_id: number;
  worn_at: AppTimestamp;
}
