import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, AppTimestamp, NullableTimestamp } from './columnTypes';

/** Tables of the member centre and levels: real names, anchor applications, watch history, activity banners, daily exp (server/src/member/, server/src/activities/, server/src/levels/; migrations 0008, 0009). */

// ---- Member centre (0008_member_centre) ----

/** A member's verified legal name and ID number, both encrypted (member/idCipher.ts). */
export interface MemberRealNameTable {
  user_id: number;
  name_cipher: Buffer;
  id_cipher: Buffer;
  /** HMAC-SHA-256 of the normalised ID number: one account per ID (unique). */
  id_hmac: Buffer;
  verified_by: string;
  verified_at: AppTimestamp;
}

export interface AnchorApplicationTable {
  id: Generated<number>;
  user_id: number;
  /** The live room types: 1 football, 2 basketball, 3 esports, 4 general. */
  category: 1 | 2 | 3 | 4;
  introduction: string;
  sample: string;
  state: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | 'approved' | 'rejected' | undefined, 'pending' | 'approved' | 'rejected'>;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: AppTimestamp;
  reviewed_at: NullableTimestamp;
}

/** One ops review of an anchor application (who, what, when), written in its transaction. */
export interface AnchorApplicationAuditTable {
  id: Generated<number>;
  application_id: number;
  action: 'approve' | 'reject';
  actor: string;
  actor_ip: string;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  at: AppTimestamp;
}

/** Seconds a member watched a room on a day (Asia/Shanghai). */
export interface WatchRecordTable {
  user_id: number;
  room_id: number;
  /** 'YYYY-MM-DD' (read as a Date by pg; written as text). */
  day: ColumnType<Date, string, string>;
  seconds: number;
  last_watched_at: AppTimestamp;
}

/** An activity banner ops schedule (activities/). */
export interface ActivityBannerTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: string;
  target: '_self' | '_blank';
  starts_at: AppTimestamp;
  ends_at: AppTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a member earned today per source (migration 0009): the daily caps of levels/experience.ts. */
export interface MemberExpDayTable {
  user_id: number;
  /** China day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  watch_minutes: Generated<number>;
  chat_messages: Generated<number>;
  last_watch_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export type IdentityCheckKind = 'legal_name' | 'id_number' | 'payment_password';

/** One comparison of typed personal data with the stored one, or one attempt the limit refused (migration 0027; member/identityChecks.ts). */
export interface IdentityCheckTable {
  id: Generated<number>;
  user_id: number;
  kind: IdentityCheckKind;
  /** The client address (request.ip: behind TRUST_PROXY, the forwarded one). */
  ip: string;
  /** Null: refused by the limit, nothing compared. */
  matched: boolean | null;
  /** Refused because of this comparison: what the limits count. */
  failed: boolean;
  created_at: AppTimestamp;
}
