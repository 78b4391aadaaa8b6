import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from '../schemas/primitives';
import { MatchStatusSchema } from '../schemas/scores';
import { Count, Side } from './common';

/** Basketball's match-centre answers (types.ts has the coordinates and the conventions). */

export const BasketballPlayerStatsSchema = Type.Object({
  /** Seconds played (a team's players add up to 5 x the game's length). */
  seconds: Count,
  points: Count,
  /** Field goals made / attempted (twos and threes), threes, free throws. */
  fgm: Count,
  fga: Count,
  tpm: Count,
  tpa: Count,
  ftm: Count,
  fta: Count,
  rebounds: Count,
  assists: Count,
  steals: Count,
  blocks: Count,
  turnovers: Count,
  /** Personal fouls; the sixth (NBA) or fifth (FIBA) fouls a player out (fouled_out). */
  fouls: Count,
  /** The score difference while he was on court. */
  plus_minus: Type.Integer(),
});
export type BasketballPlayerStats = Static<typeof BasketballPlayerStatsSchema>;

export const BoxScorePlayerSchema = Type.Object({
  player_id: Int4IdSchema,
  name_zh: Type.String(),
  shirt_number: Type.Integer({ minimum: 0, maximum: 99 }),
  /** G F C. */
  position: Type.String(),
  starter: Type.Boolean(),
  on_court: Type.Boolean(),
  fouled_out: Type.Boolean(),
  stats: BasketballPlayerStatsSchema,
});
export type BoxScorePlayer = Static<typeof BoxScorePlayerSchema>;

/**
 * A change to a box-score line in a delta: only what changed since the previous delta (`on_court`,
 * `fouled_out` when they flipped, `stats` with the changed fields), each the new value, never an
 * increment, so applying it twice changes nothing. Keyed by player_id.
 */
export const BoxLineChangeSchema = Type.Object({
  player_id: Int4IdSchema,
  side: Side,
  on_court: Type.Optional(Type.Boolean()),
  fouled_out: Type.Optional(Type.Boolean()),
  stats: Type.Optional(Type.Partial(BasketballPlayerStatsSchema)),
});
export type BoxLineChange = Static<typeof BoxLineChangeSchema>;

export const BoxScoreTeamSchema = Type.Object({
  side: Side,
  team_id: Int4IdSchema,
  team_name_zh: Type.String(),
  players: Type.Array(BoxScorePlayerSchema),
  /** The players' stats added up (points = the team's score). */
  totals: BasketballPlayerStatsSchema,
});
export type BoxScoreTeam = Static<typeof BoxScoreTeamSchema>;

/** `GET api/Basketball/boxScore?match_id=`. */
export const BasketballBoxScoreSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  /** Points per period [[home, away] …], overtime appended (= MatchRow.period_scores). */
  period_scores: Type.Array(Type.Tuple([Count, Count])),
  home: BoxScoreTeamSchema,
  away: BoxScoreTeamSchema,
});
export type BasketballBoxScore = Static<typeof BasketballBoxScoreSchema>;

/** The court the league plays on (NBA or FIBA rules; numbers in geometry.ts COURTS). */
export const CourtKindSchema = Type.Union([Type.Literal('nba'), Type.Literal('fiba')]);
export type CourtKind = Static<typeof CourtKindSchema>;

/** A field-goal attempt (free throws are in the box score: they have no place to draw). */
export const BasketballShotSchema = Type.Object({
  id: BigIdSchema,
  side: Side,
  player_id: Type.Union([Int4IdSchema, Type.Null()]),
  player_zh: Type.String(),
  period: Type.Integer({ minimum: 1 }),
  /** Seconds left on the period clock. */
  clock_seconds: Count,
  x: Type.Number({ minimum: 0 }),
  y: Type.Number({ minimum: 0 }),
  /** Metres from the basket's centre. */
  distance: Type.Number({ minimum: 0 }),
  /** 3 only from beyond the arc (or the corner line) of `court`. */
  points: Type.Union([Type.Literal(2), Type.Literal(3)]),
  made: Type.Boolean(),
});
export type BasketballShot = Static<typeof BasketballShotSchema>;

/** `GET api/Basketball/shotChart?match_id=`: every field-goal attempt, oldest first. */
export const BasketballShotChartSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  court: CourtKindSchema,
  shots: Type.Array(BasketballShotSchema),
});
export type BasketballShotChart = Static<typeof BasketballShotChartSchema>;

/** The score after a scoring play. `elapsed_seconds` counts game time from the tip-off. */
export const LeadPointSchema = Type.Object({
  period: Type.Integer({ minimum: 1 }),
  clock_seconds: Count,
  elapsed_seconds: Count,
  home_score: Count,
  away_score: Count,
  /** home_score - away_score. */
  lead: Type.Integer(),
});
export type LeadPoint = Static<typeof LeadPointSchema>;

/** A run: `side` scored `points` unanswered (at least LEAD_RUN_MIN_POINTS, geometry.ts). */
export const ScoringRunSchema = Type.Object({
  side: Side,
  points: Count,
  /** The opponent's points in the run (0: unanswered). */
  conceded: Count,
  from_elapsed: Count,
  to_elapsed: Count,
  from_period: Type.Integer({ minimum: 1 }),
  to_period: Type.Integer({ minimum: 1 }),
});
export type ScoringRun = Static<typeof ScoringRunSchema>;

/** `GET api/Basketball/leadTracker?match_id=`. */
export const BasketballLeadTrackerSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  /** Game length so far in seconds of game time (the chart's x range): 4 periods + overtimes. */
  game_seconds: Count,
  points: Type.Array(LeadPointSchema),
  largest_lead: Type.Object({ home: Count, away: Count }),
  lead_changes: Count,
  ties: Count,
  runs: Type.Array(ScoringRunSchema),
});
export type BasketballLeadTracker = Static<typeof BasketballLeadTrackerSchema>;
