import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columnTypes';

/** Tables of the community's posts (server/src/community/posts/; migration 0018). */

type NullableId = ColumnType<number | null, number | null | undefined, number | null>;

export interface PostTopicTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface PostTable {
  id: Generated<number>;
  author_id: number;
  /** Plain text. */
  text: Generated<string>;
  /** Upload-store URLs (text[]). */
  images: ColumnType<string[], string[] | undefined, string[]>;
  topic_id: NullableId;
  match_id: NullableId;
  room_id: NullableId;
  like_count: Generated<number>;
  /** Visible comments and replies. */
  comment_count: Generated<number>;
  /** log10(likes + 2 × comments + 1) + created_at epoch / 45000 (migration 0018). */
  hot_score: number;
  hidden: Generated<boolean>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PostLikeTable {
  post_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface PostCommentTable {
  id: Generated<number>;
  /** The thread: exactly one of a post and a headline article (migration 0023). */
  post_id: NullableId;
  headline_id: NullableId;
  author_id: number;
  /** The top comment of the thread; null for a top comment. */
  root_id: NullableId;
  /** The comment a reply answers; null for a top comment. */
  parent_id: NullableId;
  text: string;
  like_count: Generated<number>;
  /** Visible replies (top comments). */
  reply_count: Generated<number>;
  hidden: Generated<boolean>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PostCommentLikeTable {
  comment_id: number;
  user_id: number;
  created_at: Timestamp;
}
