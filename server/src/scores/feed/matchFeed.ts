import type { BasketballPlayerStats, CardKind, FootballPlayerStats, MatchEvent, MatchStatus, OddsMarketName, OddsQuote, RecentResult, ScoreSport } from '@sports/shared/server';
import type { CentreActionPlay } from '../matchCentre/centreAction';

/**
 * The seam between a source of match data and the rest of the server. A feed speaks in its own
 * ids (`key`s); the pipeline (feedPipeline.ts) maps them to database rows, persists, and
 * publishes to the live-data hub. The demo simulator is one feed; a data provider's would be
 * another, implementing the same interface and sending the same batches.
 */
export interface MatchFeed {
  /**
   * Start producing. Each batch is handed to `deliver`, which is awaited before the next batch:
   * persistence is the feed's back-pressure, and batches never overtake each other.
   */
  start(deliver: (batch: FeedBatch) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** A competition row of the competition table, found by sport and name. */
export interface FeedCompetitionRef {
  sport: ScoreSport;
  name_zh: string;
}

export interface FeedPlayer {
  name_zh: string;
  shirt_number: number;
  position: string;
}

export interface FeedTeam {
  key: string;
  sport: ScoreSport;
  name_zh: string;
  short_name_zh: string;
  venue_zh: string;
  players: FeedPlayer[];
}

/**
 * A team's line in a table, the columns of a `standing` row: what the feed sends, the store adds
 * results to and the articles (community/headlines/demoArticles.ts) read back.
 */
export interface StandingLine {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  points: number;
  /** The last five results, oldest first ('WDLWW'). */
  form: string;
}

export interface FeedStanding extends StandingLine {
  teamKey: string;
  group_name: string;
}

/** A team's line before its first game. */
export function emptyStanding(teamKey: string, group_name: string): FeedStanding {
  return { teamKey, group_name, played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, points: 0, form: '' };
}

/** A season with the table as it stands when the feed starts (applied once, never over newer rows). */
export interface FeedSeason {
  competition: FeedCompetitionRef;
  name: string;
  standings: FeedStanding[];
}

export interface FeedAbsence {
  side: 'home' | 'away';
  player_zh: string;
  kind: 'injury' | 'suspension';
  reason_zh: string;
}

export interface FeedFixture {
  key: string;
  sport: ScoreSport;
  competition: FeedCompetitionRef;
  season_name: string;
  round_zh: string;
  /** League fixtures count towards the standings of their season; group name for cups. */
  standingsGroup: string | null;
  homeKey: string;
  awayKey: string;
  kickoff_at: Date;
  intel: { home_recent: RecentResult[]; away_recent: RecentResult[]; head_to_head: RecentResult[]; absences: FeedAbsence[] };
}

/** The whole current state of a match (the pipeline writes it as is). */
export interface FeedMatchState {
  key: string;
  status: MatchStatus;
  period: number | null;
  minute: number | null;
  extra_minute: number | null;
  clock_seconds: number | null;
  home_score: number;
  away_score: number;
  home_half_score: number | null;
  away_half_score: number | null;
  period_scores: [number, number][];
  home_red: number;
  away_red: number;
  home_yellow: number;
  away_yellow: number;
  home_corner: number;
  away_corner: number;
  /** A knockout match level after extra time: the shoot-out (the score stays the 120 minutes'); else null. */
  home_penalty_score: number | null;
  away_penalty_score: number | null;
  finished_at: Date | null;
}

/** A match before kick-off: nothing scored, no clock, no cards. */
export function scheduledMatchState(key: string): FeedMatchState {
  return {
    key,
    status: 'scheduled',
    period: null,
    minute: null,
    extra_minute: null,
    clock_seconds: null,
    home_score: 0,
    away_score: 0,
    home_half_score: null,
    away_half_score: null,
    period_scores: [],
    home_red: 0,
    away_red: 0,
    home_yellow: 0,
    away_yellow: 0,
    home_corner: 0,
    away_corner: 0,
    home_penalty_score: null,
    away_penalty_score: null,
    finished_at: null,
  };
}

/** An event as the API shows it, keyed by the feed instead of the database (match_str is derived). */
export interface FeedMatchEvent extends Omit<MatchEvent, 'id' | 'match_id' | 'match_str' | 'occurred_at'> {
  /** Unique for ever: the pipeline inserts an event once, whatever is sent again. */
  key: string;
  matchKey: string;
  occurred_at: Date;
}

export interface FeedOddsQuote extends OddsQuote {
  /** Unique for ever, like an event's: a price move sent again is stored once. */
  key: string;
  matchKey: string;
  company_id: number;
  market: OddsMarketName;
  /** The match when the price was set (kept with the history row). */
  status: MatchStatus;
  match_str: string;
  home_score: number;
  away_score: number;
  recorded_at: Date;
}

export interface FeedStatistic {
  kind: string;
  home: number;
  away: number;
}

/**
 * The match centre's data (issue 36). Players are named by their team's side and shirt number
 * (the `player` row's key with the team). Coordinates as in @sports/shared's matchCentre/types.ts.
 */
export interface FeedLineup {
  matchKey: string;
  side: 'home' | 'away';
  /** '4-3-3' …; null for basketball. */
  formation: string | null;
  /** Starters in formation order (goalkeeper first), then the bench. */
  players: { shirt_number: number; starter: boolean; slot_x: number | null; slot_y: number | null }[];
}

/** A play-by-play action with a place (match_action): see server/src/scores/matchCentre/centreAction.ts. */
export interface FeedAction extends CentreActionPlay {
  /** Unique for ever, like an event's. */
  key: string;
  matchKey: string;
  side: 'home' | 'away';
  shirt_number: number | null;
  player_zh: string;
  occurred_at: Date;
  /** A card's colour (kind 'card'). */
  card?: CardKind | null;
  /** A substitution's player coming on (`shirt_number` is the one going off), of the same side. */
  in_shirt_number?: number | null;
  player_in_zh?: string;
}

/** A player's line in a match as it stands (replaces the previous one). */
export interface FeedPlayerLine {
  matchKey: string;
  side: 'home' | 'away';
  shirt_number: number;
  starter: boolean;
  on_minute: number | null;
  off_minute: number | null;
  on_court: boolean;
  fouled_out: boolean;
  football: FootballPlayerStats | null;
  basketball: BasketballPlayerStats | null;
}

export interface FeedBatch {
  /** Teams (with players) and seasons: sent once at start; upserted, never overwriting. */
  teams: FeedTeam[];
  seasons: FeedSeason[];
  fixtures: FeedFixture[];
  states: FeedMatchState[];
  events: FeedMatchEvent[];
  odds: FeedOddsQuote[];
  statistics: { matchKey: string; statistics: FeedStatistic[] }[];
  /** The match centre (issue 36); a feed without it leaves them out. */
  lineups?: FeedLineup[];
  actions?: FeedAction[];
  playerLines?: FeedPlayerLine[];
  /** The feed's clock when the batch was made. */
  at: Date;
  /**
   * Goals before this are stored but not announced (no popup, no seq): a feed catching up after
   * downtime sends hours of results at once, and a popup for an old goal helps nobody.
   */
  announceSince: Date;
}

export function emptyBatch(at: Date, announceSince: Date = at): FeedBatch {
  return { teams: [], seasons: [], fixtures: [], states: [], events: [], odds: [], statistics: [], lineups: [], actions: [], playerLines: [], at, announceSince };
}

export function isEmptyBatch(batch: FeedBatch): boolean {
  return (
    batch.teams.length +
      batch.seasons.length +
      batch.fixtures.length +
      batch.states.length +
      batch.events.length +
      batch.odds.length +
      batch.statistics.length +
      (batch.lineups?.length ?? 0) +
      (batch.actions?.length ?? 0) +
      (batch.playerLines?.length ?? 0) ===
    0
  );
}
