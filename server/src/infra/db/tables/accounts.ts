import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, AppTimestamp, NullableTimestamp } from './columnTypes';

/** Tables of the accounts: users, sessions, SMS codes, login and reset failures, captcha, uploads (server/src/accounts/, server/src/uploads/; migrations 0001, 0002, 0006, 0010). */

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
  /** The normalised form of a nickname the member chose (unique; migration 0010); null for a default name. */
  nickname_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Banned by ops (moderation) until then: no login, no session (migration 0017); null: not banned. */
  banned_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
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

/** A refused password reset (wrong, missing, expired code), counted per client address. */
export interface ResetFailureTable {
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
