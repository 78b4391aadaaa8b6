import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columnTypes';

/** Tables of points (积分, migration 0034; server/src/points/README.md). The balances are ledger accounts (`member_points`). */

/** A member's China day of earning points. */
export interface PointsDayTable {
  user_id: number;
  /** China day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  watch_seconds: Generated<number>;
  last_watch_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  watch_awards: Generated<number>;
  chat_awards: Generated<number>;
}

/** One check-in per member and China day (the primary key). */
export interface PointsCheckinTable {
  user_id: number;
  day: ColumnType<string, string, string>;
  streak: number;
  points: number;
  set_id: number;
  created_at: Timestamp;
}
