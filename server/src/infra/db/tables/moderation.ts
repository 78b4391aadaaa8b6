import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columnTypes';

/** Tables of moderation (server/src/moderation/; migration 0017). app_user.banned_until is in tables/accounts.ts. */

/** One listed word, normalised. */
export interface SensitiveWordTable {
  id: Generated<number>;
  word: string;
  created_by: string;
  created_at: Timestamp;
}

/** One row: goes up with every change of the list (the nodes poll it). */
export interface SensitiveWordVersionTable {
  id: Generated<boolean>;
  version: number;
}

export type ModerationKindColumn = 'post' | 'comment' | 'chat' | 'user' | 'headline' | 'clip';
export type ModerationReasonColumn = 'spam' | 'abuse' | 'porn' | 'illegal' | 'other';
export type ModerationReportStateColumn = 'open' | 'actioned' | 'dismissed';

export interface ModerationReportTable {
  id: Generated<number>;
  reporter_id: number;
  kind: ModerationKindColumn;
  target_id: string;
  /** The target's author when reported (null if the handler did not know). */
  author_id: ColumnType<number | null, number | null | undefined, number | null>;
  reason: ModerationReasonColumn;
  text: ColumnType<string | null, string | null | undefined, string | null>;
  state: Generated<ModerationReportStateColumn>;
  created_at: Timestamp;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The audit of ops actions on moderation (word list changes and the queue). */
export interface ModerationActionTable {
  id: Generated<number>;
  actor: string;
  action: string;
  kind: ColumnType<string | null, string | null | undefined, string | null>;
  target_id: ColumnType<string | null, string | null | undefined, string | null>;
  detail: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
