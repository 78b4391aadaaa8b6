import type { ColumnType, Generated } from 'kysely';
import type { BasketballPlayerStats, FootballPlayerStats, ShotOutcome, ShotSituation } from '@sports/shared/server';
import type { AppTimestamp, Timestamp } from './columnTypes';

/** The match centre's tables (server/src/scores/matchCentre/; migration 0046). */

export interface MatchTeamSheetTable {
  match_id: number;
  side: 'home' | 'away';
  formation: string | null;
}

export interface MatchPlayerTable {
  match_id: number;
  player_id: number;
  side: 'home' | 'away';
  starter: boolean;
  slot_x: number | null;
  slot_y: number | null;
  on_minute: number | null;
  off_minute: number | null;
  on_court: Generated<boolean>;
  fouled_out: Generated<boolean>;
  stats: ColumnType<FootballPlayerStats | BasketballPlayerStats | null, string | null, string | null>;
  rating: number | null;
  updated_at: Timestamp;
}

export interface MatchActionTable {
  id: Generated<number>;
  external_key: string;
  match_id: number;
  side: 'home' | 'away';
  player_id: number | null;
  player_zh: Generated<string>;
  kind: 'shot' | 'final_third' | 'dangerous_attack' | 'corner' | 'field_goal' | 'free_throw' | 'card' | 'substitution' | 'foul';
  period: number;
  minute: number;
  extra: Generated<number>;
  second: Generated<number>;
  clock_seconds: number | null;
  x: number | null;
  y: number | null;
  xg: number | null;
  outcome: ShotOutcome | null;
  head: Generated<boolean>;
  situation: ShotSituation | null;
  points: number | null;
  made: boolean | null;
  count: Generated<number>;
  home_score: number;
  away_score: number;
  occurred_at: AppTimestamp;
  /** Migration 0047: a card's colour; a substitution's player coming on. */
  card: Generated<'yellow' | 'second_yellow' | 'red' | null>;
  player_in_id: Generated<number | null>;
  player_in_zh: Generated<string>;
}

export interface MatchAnalyticsTable {
  match_id: number;
  data: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}
