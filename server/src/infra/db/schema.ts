import type { ColumnType, Generated } from 'kysely';
import type { AuditAction, MatchEvent, MatchStatus, OddsMarketName, OddsQuote, RecentResult, RemoteName, ScoreSport, Sport } from '@sports/shared/server';

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
  reset_failure: ResetFailureTable;
  captcha_used: CaptchaUsedTable;
  upload: UploadTable;
  season: SeasonTable;
  team: TeamTable;
  player: PlayerTable;
  match: MatchTable;
  match_event: MatchEventTable;
  match_statistic: MatchStatisticTable;
  standing: StandingTable;
  odds_company: OddsCompanyTable;
  match_odds: MatchOddsTable;
  odds_history: OddsHistoryTable;
  match_intel: MatchIntelTable;
  match_absence: MatchAbsenceTable;
  match_favorite: MatchFavoriteTable;
  live_stream_seq: LiveStreamSeqTable;
  live_room: LiveRoomTable;
  live_room_admin: LiveRoomAdminTable;
  live_room_mute: LiveRoomMuteTable;
  user_follow: UserFollowTable;
  live_schedule: LiveScheduleTable;
  live_reservation: LiveReservationTable;
  broadcast: BroadcastTable;
  member_real_name: MemberRealNameTable;
  anchor_application: AnchorApplicationTable;
  anchor_application_audit: AnchorApplicationAuditTable;
  watch_record: WatchRecordTable;
  activity_banner: ActivityBannerTable;
  member_exp_day: MemberExpDayTable;
  ledger_account: LedgerAccountTable;
  ledger_balance: LedgerBalanceTable;
  ledger_transfer_set: LedgerTransferSetTable;
  ledger_transfer: LedgerTransferTable;
  charge_rule: ChargeRuleTable;
  wallet_order: WalletOrderTable;
  wallet_audit: WalletAuditTable;
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
  /** Set when a rollback took it out of traffic (no QA override may name it); cleared when it is put back. */
  withdrawn_at: Date | null;
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
  /** The normalised form of a nickname the member chose (unique; migration 0010); null for a default name. */
  nickname_key: ColumnType<string | null, string | null | undefined, string | null>;
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

// ---- Scores (0004_scores) ----

/** jsonb: read as the value, written as JSON text. */
type Json<Value> = ColumnType<Value, string, string>;
type NullableSmallint = ColumnType<number | null, number | null | undefined, number | null>;

export interface SeasonTable {
  id: Generated<number>;
  competition_id: number;
  /** '2025-2026', or '2026' for calendar-year leagues. */
  name: string;
  is_current: Generated<boolean>;
}

export interface TeamTable {
  id: Generated<number>;
  /** The feed's id of the team ('sim:…' for the demo simulator). */
  external_key: string;
  sport: ScoreSport;
  name_zh: string;
  short_name_zh: string;
  venue_zh: Generated<string>;
}

export interface PlayerTable {
  id: Generated<number>;
  team_id: number;
  name_zh: string;
  shirt_number: number;
  /** Football GK/DF/MF/FW, basketball G/F/C. */
  position: string;
}

export interface MatchTable {
  id: Generated<number>;
  external_key: string;
  sport: ScoreSport;
  competition_id: number;
  season_id: number;
  round_zh: Generated<string>;
  home_team_id: number;
  away_team_id: number;
  kickoff_at: AppTimestamp;
  status: Generated<MatchStatus>;
  period: NullableSmallint;
  minute: NullableSmallint;
  extra_minute: NullableSmallint;
  clock_seconds: NullableSmallint;
  home_score: Generated<number>;
  away_score: Generated<number>;
  home_half_score: NullableSmallint;
  away_half_score: NullableSmallint;
  period_scores: ColumnType<[number, number][], string | undefined, string>;
  home_red: Generated<number>;
  away_red: Generated<number>;
  home_yellow: Generated<number>;
  away_yellow: Generated<number>;
  home_corner: Generated<number>;
  away_corner: Generated<number>;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** The columns of the API's MatchEvent (match_str is derived), plus the feed's key and the goal's seq. */
export interface MatchEventTable extends Omit<MatchEvent, 'id' | 'match_str' | 'occurred_at'> {
  id: Generated<number>;
  external_key: string;
  occurred_at: AppTimestamp;
  /** Goals: their seq on the 'goal' stream. */
  stream_seq: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MatchStatisticTable {
  match_id: number;
  kind: string;
  home: number;
  away: number;
}

export interface StandingTable {
  season_id: number;
  team_id: number;
  group_name: Generated<string>;
  played: Generated<number>;
  won: Generated<number>;
  drawn: Generated<number>;
  lost: Generated<number>;
  goals_for: Generated<number>;
  goals_against: Generated<number>;
  points: Generated<number>;
  /** The last five results, oldest first ('WDLWW'). */
  form: Generated<string>;
}

export interface OddsCompanyTable {
  id: number;
  name_zh: string;
}

/** One price (match_odds: now; odds_history: at recorded_at). */
interface OddsQuoteColumns extends OddsQuote {
  match_id: number;
  company_id: number;
  market: OddsMarketName;
}

export interface MatchOddsTable extends OddsQuoteColumns {
  open_line: number | null;
  open_home: number;
  open_draw: number | null;
  open_away: number;
  updated_at: AppTimestamp;
}

export interface OddsHistoryTable extends OddsQuoteColumns {
  id: Generated<number>;
  external_key: string;
  status: MatchStatus;
  match_str: string;
  home_score: number;
  away_score: number;
  recorded_at: AppTimestamp;
}

export interface MatchIntelTable {
  match_id: number;
  home_recent: Json<RecentResult[]>;
  away_recent: Json<RecentResult[]>;
  head_to_head: Json<RecentResult[]>;
}

export interface MatchAbsenceTable {
  id: Generated<number>;
  match_id: number;
  side: 'home' | 'away';
  player_zh: string;
  kind: 'injury' | 'suspension';
  reason_zh: string;
}

export interface MatchFavoriteTable {
  user_id: number;
  match_id: number;
  created_at: Timestamp;
}

export interface LiveStreamSeqTable {
  stream: string;
  /** The highest seq the assigning node may use before it reserves the next block. */
  reserved_to: number;
}

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
  /** The anchor opened the room (startRoom) / closed it (endRoom). */
  is_open: Generated<boolean>;
  /** Set by the media ingest: 'live' while a push publishes. */
  stream_status: ColumnType<'live' | 'offline', 'live' | 'offline' | undefined, 'live' | 'offline'>;
  stream_started_at: NullableTimestamp;
  /** Part of the signed push key: bumping it invalidates addresses handed out before. */
  stream_key_version: Generated<number>;
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
}

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

// ---- The wallet (migration 0011; wallet/README.md) ----

export type LedgerAccountKind = 'member_coins' | 'anchor_earnings' | 'platform_revenue' | 'payments_clearing' | 'withdrawals_in_flight';

export interface LedgerAccountTable {
  id: Generated<number>;
  kind: LedgerAccountKind;
  owner_id: number | null;
  shards: Generated<number>;
  created_at: Timestamp;
}

/** One shard of an account's balance (credits - debits); changed only by wallet/ledger.ts. */
export interface LedgerBalanceTable {
  account_id: number;
  shard: number;
  kind: LedgerAccountKind;
  balance: Generated<number>;
}

/** Immutable: one per idempotency key. */
export interface LedgerTransferSetTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  reference: string;
  fingerprint: string;
  created_at: Timestamp;
}

/** Immutable: amount moves from the debit account to the credit account. */
export interface LedgerTransferTable {
  id: Generated<number>;
  set_id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  kind: string;
  reference: string;
  created_at: Timestamp;
}

/** A recharge package (ops-managed). */
export interface ChargeRuleTable {
  id: Generated<number>;
  price_fen: number;
  coins: number;
  bonus_coins: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
}

export type WalletOrderState = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired';

export interface WalletOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  type: 'recharge';
  state: WalletOrderState;
  amount_fen: number | null;
  coins: number;
  charge_rule_id: number | null;
  provider: string | null;
  provider_trade_no: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: string;
  fingerprint: string;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_late: Generated<boolean>;
  created_at: Timestamp;
}

export interface WalletAuditTable {
  id: Generated<number>;
  action: string;
  order_no: string | null;
  detail: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
}
