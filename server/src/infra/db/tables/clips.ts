import type { ColumnType, Generated } from 'kysely';
import type { AppTimestamp, NullableTimestamp, Timestamp } from './columnTypes';

/** Clips (migration 0031; server/src/clips/README.md). */

export type ClipKindColumn = 'goal' | 'penalty' | 'red_card' | 'quarter_end' | 'lead_change' | 'person';
export type ClipStatusColumn = 'cutting' | 'ready' | 'failed';

type Nullable<Value> = ColumnType<Value | null, Value | null | undefined, Value | null>;

export interface ClipTable {
  id: Generated<number>;
  room_id: number;
  broadcast_id: Nullable<number>;
  anchor_id: number;
  match_id: Nullable<number>;
  /** The feed event (match_event id); unique where set: one clip per event. */
  event_id: Nullable<number>;
  kind: ClipKindColumn;
  title: string;
  status: ColumnType<ClipStatusColumn, ClipStatusColumn | undefined, ClipStatusColumn>;
  /** Why it failed, or what part of the span was missing (Chinese, for the viewer). */
  failure: Nullable<string>;
  /** The wall-time span asked for. */
  from_at: AppTimestamp;
  to_at: AppTimestamp;
  happened_at: AppTimestamp;
  /** The match minute shown on the event (67'). */
  minute: Nullable<string>;
  home_score: Nullable<number>;
  away_score: Nullable<number>;
  duration_ms: Generated<number>;
  video_key: Nullable<string>;
  thumb_key: Nullable<string>;
  bytes: Generated<number>;
  creator_id: Nullable<number>;
  hidden: Generated<boolean>;
  deleted_at: NullableTimestamp;
  /** Its seq on the live-data `clip` stream (feed clips, once ready). */
  stream_seq: Nullable<number>;
  ready_at: NullableTimestamp;
  created_at: Timestamp;
}
