import type { ColumnType, Generated } from 'kysely';
import type { MatchEvent, MatchStatus, OddsMarketName, OddsQuote, RecentResult, ScoreSport, Sport } from '@sports/shared/server';
import type { Timestamp, AppTimestamp, NullableTimestamp, Json, NullableSmallint } from './columnTypes';

/** Tables of the scores: competitions, matches, events, statistics, odds, standings, favourites, live-data sequence numbers (server/src/scores/; migration 0004). */

export interface CompetitionTable {
  id: Generated<number>;
  sport: Sport;
  name_zh: string;
  short_name_zh: string;
  /** 1 is the hottest; null means not on the hot list. */
  hot_rank: number | null;
}

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
  /** A shoot-out's kicks scored (migration 0041); null without one. */
  home_penalty_score: NullableSmallint;
  away_penalty_score: NullableSmallint;
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
