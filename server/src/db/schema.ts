import type { ColumnType, Generated } from 'kysely';
import type { RemoteName, Sport } from '@sports/shared/server';

/**
 * The typed shape of the database, kept in step with migrations/ by hand.
 * `bigint` columns read as number (see database.ts: int8 is parsed to a safe integer).
 */
export interface Database {
  mf_telemetry: MfTelemetryTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  competition: CompetitionTable;
}

/** Timestamps are written by the database (default now()) or as Date; read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MfTelemetryTable {
  id: Generated<number>;
  remote: RemoteName;
  version: string;
  phase: 'load' | 'render';
  message: string;
  route: string | null;
  user_agent: string | null;
  created_at: Timestamp;
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
