import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columnTypes';

/** Tables of headlines (server/src/community/headlines/; migration 0019). */

export interface HeadlineCategoryTable {
  id: Generated<number>;
  key: string;
  name: string;
  sort: Generated<number>;
}

export type HeadlineStateColumn = 'draft' | 'published' | 'hidden';
export type HeadlineSourceColumn = 'editor' | 'match_report' | 'seed';

export interface HeadlineTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  summary: Generated<string>;
  /** Markdown source (rendered to safe HTML on read). */
  body: string;
  body_format: Generated<'markdown'>;
  cover: string | null;
  author: string;
  /** The ops actor who last wrote it (null for reports and the seed). */
  editor: string | null;
  state: Generated<HeadlineStateColumn>;
  source: HeadlineSourceColumn;
  /** The match a report is about (unique). */
  match_id: number | null;
  related_match_ids: ColumnType<number[], number[] | undefined, number[]>;
  published_at: NullableTimestamp;
  view_count: Generated<number>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HeadlineReadTable {
  user_id: number;
  headline_id: number;
  read_at: Timestamp;
}

export interface HeadlineLikeTable {
  user_id: number;
  headline_id: number;
  created_at: Timestamp;
}

export interface HeadlineAuditTable {
  id: Generated<number>;
  headline_id: number;
  action: 'create' | 'edit' | 'publish' | 'unpublish' | 'hide';
  actor: string;
  actor_ip: string;
  at: Timestamp;
}
