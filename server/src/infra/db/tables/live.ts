import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, AppTimestamp, NullableTimestamp } from './columnTypes';

/** Tables of the live rooms: rooms, admins, mutes, follows, schedules, reservations, broadcasts (server/src/live/; migration 0005). */

/** Live rooms (migration 0005): one per anchor. */
export interface LiveRoomTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  /** 1 football, 2 basketball, 3 esports, 4 general. */
  type: ColumnType<1 | 2 | 3 | 4, 1 | 2 | 3 | 4 | undefined, 1 | 2 | 3 | 4>;
  cover: Generated<string>;
  placard: Generated<string>;
  match_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the room began showing `match_id` (migration 0033: set by the database when it changes). */
  match_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The anchor opened the room (startRoom) / closed it (endRoom). */
  is_open: Generated<boolean>;
  /** Set by the media ingest: 'live' while a push publishes. */
  stream_status: ColumnType<'live' | 'offline', 'live' | 'offline' | undefined, 'live' | 'offline'>;
  stream_started_at: NullableTimestamp;
  /** Part of the signed push key: bumping it invalidates addresses handed out before. */
  stream_key_version: Generated<number>;
  /** A test room (ops set it: POST /api/ops/rooms/:id/test; migration 0029): never on the ranking. */
  is_test: Generated<boolean>;
  /** The feed-to-stream offset the anchor sets (migration 0031, −60…60 s): added to an event's time before its clip is cut. */
  clip_offset_seconds: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LiveRoomAdminTable {
  room_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface LiveRoomMuteTable {
  room_id: number;
  user_id: number;
  muted_by: number;
  /** Null: muted until lifted. */
  until: NullableTimestamp;
  created_at: Timestamp;
}

/** api/Member/attention: a member follows an anchor. */
export interface UserFollowTable {
  follower_id: number;
  anchor_id: number;
  created_at: Timestamp;
}

/** An anchor's scheduled broadcast of a match (setReserveLiveNew). */
export interface LiveScheduleTable {
  id: Generated<number>;
  room_id: number;
  match_id: number;
  title: Generated<string>;
  starts_at: AppTimestamp;
  created_at: Timestamp;
}

/** A viewer's reservation: of a match (reserveMatch) or of a scheduled broadcast (reserveMatch2). */
export interface LiveReservationTable {
  id: Generated<number>;
  user_id: number;
  match_id: ColumnType<number | null, number | null | undefined, number | null>;
  schedule_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** One row per push, written by the media ingest (anchorExperienceList reads them). */
export interface BroadcastTable {
  id: Generated<number>;
  room_id: number;
  anchor_id: number;
  title: string;
  started_at: AppTimestamp;
  ended_at: NullableTimestamp;
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  peak_viewers: Generated<number>;
  /** The match the room showed when it started (migration 0030): the replay's event markers. */
  match_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What became of its recording (migration 0030; archive/README.md). */
  replay_status: ColumnType<ReplayStatus, ReplayStatus | undefined, ReplayStatus>;
  replay_bytes: ColumnType<number, number | undefined, number>;
  /** Migration 0032: the kept segments' total length, why the recording failed, its first picture. */
  replay_duration_ms: ColumnType<number, number | undefined, number>;
  replay_failure: ColumnType<string | null, string | null | undefined, string | null>;
  replay_thumb_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ReplayStatus = 'recording' | 'ready' | 'hidden' | 'deleted' | 'expired' | 'failed';

/** One archived HLS segment of a broadcast (migration 0030): the DVR window, replays and clips read these. */
export interface BroadcastSegmentTable {
  broadcast_id: number;
  seq: number;
  /** Wall time the segment's first frame reached the ingest. */
  started_at: AppTimestamp;
  duration_ms: number;
  bytes: number;
  storage_key: string;
}

/** The node that receives a room's push (migration 0048; live/media/origin/): others pull from it. */
/** A room's players on a node that is not its origin (migration 0051; live/media/origin/remoteAudience.ts). */
export interface MediaAudienceTable {
  room_id: number;
  node_id: string;
  viewers: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MediaOriginTable {
  room_id: number;
  node_id: string;
  internal_url: string;
  claimed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Whether the origin makes HLS of the push (migration 0051). */
  makes_hls: ColumnType<boolean, boolean | undefined, boolean>;
  lease_until: ColumnType<Date, Date | string, Date | string>;
}
