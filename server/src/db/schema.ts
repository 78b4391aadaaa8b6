import type { ColumnType, Generated } from 'kysely';
import type { AuditAction, RemoteName, Sport } from '@sports/shared/server';

/**
 * The typed shape of the database, kept in step with migrations/ by hand.
 * `bigint` columns read as number (see database.ts: int8 is parsed to a safe integer).
 */
export interface Database {
  mf_telemetry: MfTelemetryTable;
  mf_release: MfReleaseTable;
  mf_rollout: MfRolloutTable;
  mf_audit: MfAuditTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  competition: CompetitionTable;
  sms_code: SmsCodeTable;
  sms_send_log: SmsSendLogTable;
  login_failure: LoginFailureTable;
  captcha_used: CaptchaUsedTable;
  upload: UploadTable;
}

/** Timestamps are written by the database (default now()) or as Date; read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MfTelemetryTable {
  id: Generated<number>;
  remote: RemoteName;
  version: string;
  phase: 'load' | 'render' | 'loaded';
  message: string;
  visitor: string | null;
  ip: string | null;
  route: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface MfReleaseTable {
  id: Generated<number>;
  remote: RemoteName;
  release_id: string;
  version: string;
  manifest: ColumnType<unknown, string, string>;
  created_by: string;
  created_at: Timestamp;
}

export interface MfRolloutTable {
  remote: RemoteName;
  stable_release_id: string | null;
  candidate_release_id: string | null;
  candidate_percent: Generated<number>;
  updated_at: Timestamp;
}

export interface MfAuditTable {
  id: Generated<number>;
  remote: RemoteName;
  action: AuditAction;
  release_id: string | null;
  actor: string;
  reason: string;
  detail: ColumnType<Record<string, unknown>, string, string>;
  at: Timestamp;
}

export interface AppUserTable {
  id: Generated<number>;
  mobile: string;
  user_nickname: string;
  avatar: string;
  exp: Generated<number>;
  /** Integer money units (never a float). */
  balance: Generated<number>;
  /** 0 member, 1 anchor (SPEC.md section 3). */
  is_anchor: Generated<0 | 1>;
  created_at: Timestamp;
  /** argon2id PHC string; null: no password set (cannot log in by password). */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** 8 of [0-9A-Z], unique: what this user shares to invite others. */
  invite_code: Generated<string>;
  invited_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UserSessionTable {
  id: Generated<number>;
  user_id: number;
  /** sha-256 of the token: a database leak does not leak usable tokens. */
  token_hash: Buffer;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CompetitionTable {
  id: Generated<number>;
  sport: Sport;
  name_zh: string;
  short_name_zh: string;
  /** 1 is the hottest; null means not on the hot list. */
  hot_rank: number | null;
}

/** Written by the application with its own clock (tests move it), so no database default. */
type AppTimestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  /** 1 register, 2 other (password reset). */
  purpose: 1 | 2;
  code_hash: Buffer;
  salt: Buffer;
  /** Wrong tries so far; at the limit the code is dead. */
  attempts: Generated<number>;
  created_at: AppTimestamp;
  expires_at: AppTimestamp;
  consumed_at: NullableTimestamp;
}

/** One row per accepted getCode request: what the per-number and per-IP limits count. */
export interface SmsSendLogTable {
  id: Generated<number>;
  mobile: string;
  purpose: 1 | 2;
  ip: string;
  created_at: AppTimestamp;
}

export interface LoginFailureTable {
  id: Generated<number>;
  mobile: string;
  ip: string;
  created_at: AppTimestamp;
}

/** Signatures of captcha challenges already used, kept until the challenge expires. */
export interface CaptchaUsedTable {
  signature: string;
  expires_at: AppTimestamp;
}

/** An upload token (hashed) and, once used, the file stored with it. */
export interface UploadTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: AppTimestamp;
  expires_at: AppTimestamp;
  used_at: NullableTimestamp;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
}
