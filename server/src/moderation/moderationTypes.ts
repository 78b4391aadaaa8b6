import type { CheckResult } from './wordFilter';

/** What members can report and ops act on; each kind's owning domain registers a handler. */
export const MODERATION_TARGET_KINDS = ['post', 'comment', 'chat', 'user', 'headline', 'clip'] as const;
export type ModerationTargetKind = (typeof MODERATION_TARGET_KINDS)[number];

/** A reported thing as the queue shows it. */
export interface ModerationTargetInfo {
  /**
   * Who wrote it (for `user`: the user); the author mute and ban act on them. Null: content
   * without a member author (a headline article, written by ops): it can be reported, hidden and
   * deleted, and the author sanctions are refused (MODERATION_ACTION_UNSUPPORTED).
   */
  authorId: number | null;
  /** A short plain-text excerpt (the queue renders it as text). */
  excerpt: string;
  /** Whether the owning domain hides it now (optional; the queue shows it). */
  hidden?: boolean;
  /** For chat lines: the room, so a mute can be a room mute. */
  roomId?: number;
}

/**
 * How the moderation queue reaches a kind of content. Ids are strings (chat message ids are
 * strings; numeric ids arrive as their decimal text: parse them and answer null when they are
 * not yours). `hide` makes the content vanish from feeds, search and counts until `unhide`;
 * `remove` deletes it (or marks it deleted). All three must be idempotent.
 */
export interface ModerationTargetHandler {
  describe(id: string): Promise<ModerationTargetInfo | null>;
  hide(id: string): Promise<void>;
  unhide(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * What ops can do to an author, filled by the domains that own accounts and rooms (moderation
 * imports no other domain). `ban` refuses login and ends sessions until `until`; `mute` keeps
 * them from chatting (in `roomId` when given) for `minutes` (null: until lifted).
 */
export interface ModerationSanctions {
  ban?(userId: number, until: Date, reason: string): Promise<void>;
  mute?(userId: number, minutes: number | null, roomId: number | undefined): Promise<void>;
  /** Lifts a ban at once. */
  unban?(userId: number): Promise<void>;
}

/** `app.moderation`: the one sensitive-word filter and the registry of reportable content. */
export interface ModerationPort {
  /** `{ ok: true, text }` or the matched words (normalised: for logs, never to show back). */
  check(text: string): CheckResult;
  /** The text with listed words replaced by `*` (the chat and danmaku mask instead of refusing). */
  mask(text: string): string;
  registerTarget(kind: ModerationTargetKind, handler: ModerationTargetHandler): void;
  /** Filled by accounts (ban) and live or chat (mute). */
  registerSanctions(sanctions: ModerationSanctions): void;
  /** The handler of a kind, if registered (the queue and tests). */
  target(kind: ModerationTargetKind): ModerationTargetHandler | undefined;
  /** Re-reads the word list from the database now (ops changes call it; other nodes poll). */
  reloadWords(): Promise<void>;
}
