import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from '../schemas/primitives';
import { MatchRowSchema, MatchStatusSchema, ScoreSportSchema } from '../schemas/scores';

/**
 * The match centre (issue 36): what `api/Football/*`, `api/Basketball/*`, `api/Player/info`,
 * `api/Team/info` answer (in the envelope) and what the live-data socket's `match_centre` stream
 * carries as deltas. The server computes everything once per feed event (server/src/scores/
 * matchCentre/); pages only draw it.
 *
 * Coordinates (geometry.ts has the numbers):
 * - football: metres on a 105 x 68 pitch, `x` 0..105 along it, `y` 0..68 across it, every
 *   team attacking towards x = 105 (its own goal at x = 0). A page showing both teams on one
 *   pitch mirrors the away side (x' = 105 - x, y' = 68 - y).
 * - basketball: metres on the attacking half court, `x` 0..court width across it (left
 *   sideline to right, seen from the half-court line), `y` 0..14 from the baseline; the basket's
 *   centre is at (width / 2, 1.575).
 *
 * Every answer is well formed before kick-off: empty lists, zero totals, null formations.
 * An unknown match_id answers code 1 `比赛不存在` (as every scores call).
 */

const Count = Type.Integer({ minimum: 0 });
const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);
export const MatchCentreSideSchema = Side;
export type MatchCentreSide = Static<typeof Side>;
/** A player's rating: 0.0-10.0 with one decimal, null before he played a minute. */
const Rating = Type.Union([Type.Number({ minimum: 0, maximum: 10 }), Type.Null()]);

export const MatchCentreQuerySchema = Type.Object({ match_id: BigIdSchema }, { additionalProperties: false });
export type MatchCentreQuery = Static<typeof MatchCentreQuerySchema>;
export const ProfileQuerySchema = Type.Object({ id: Int4IdSchema }, { additionalProperties: false });
export type ProfileQuery = Static<typeof ProfileQuerySchema>;

// ---- Football ----

/** A player's line in one match (what the popover shows). Minutes include stoppage time played. */
export const FootballPlayerStatsSchema = Type.Object({
  minutes: Count,
  goals: Count,
  assists: Count,
  own_goals: Count,
  shots: Count,
  shots_on_target: Count,
  /** Sum of the xG of his shots (3 decimals). */
  xg: Type.Number({ minimum: 0 }),
  passes: Count,
  passes_completed: Count,
  key_passes: Count,
  touches: Count,
  tackles: Count,
  interceptions: Count,
  /** Goalkeepers: shots on target stopped. */
  saves: Count,
  fouls: Count,
  yellow: Count,
  red: Count,
  /** Goals his team conceded while he was on the pitch. */
  goals_conceded: Count,
});
export type FootballPlayerStats = Static<typeof FootballPlayerStatsSchema>;

export const LineupPlayerSchema = Type.Object({
  player_id: Int4IdSchema,
  name_zh: Type.String(),
  shirt_number: Type.Integer({ minimum: 0, maximum: 99 }),
  /** GK DF MF FW. */
  position: Type.String(),
  /**
   * Where the formation puts a starter, 0..100 each: `x` from his own goal line (GK about 5) to
   * the other's, `y` across from the left touchline (attacking upwards); null for substitutes.
   */
  slot_x: Type.Union([Type.Number(), Type.Null()]),
  slot_y: Type.Union([Type.Number(), Type.Null()]),
  starter: Type.Boolean(),
  /** The match minute he came on (substitutes who did), went off (substituted or sent off). */
  on_minute: Type.Union([Type.Integer(), Type.Null()]),
  off_minute: Type.Union([Type.Integer(), Type.Null()]),
  rating: Rating,
  stats: FootballPlayerStatsSchema,
});
export type LineupPlayer = Static<typeof LineupPlayerSchema>;

export const TeamLineupSchema = Type.Object({
  side: Side,
  team_id: Int4IdSchema,
  team_name_zh: Type.String(),
  /** '4-3-3', '4-4-2', '4-2-3-1' …; null until the lineups are out. */
  formation: Type.Union([Type.String(), Type.Null()]),
  /** The XI in formation order (goalkeeper first). */
  starters: Type.Array(LineupPlayerSchema),
  /** The bench, those who came on first (by minute), then the unused. */
  substitutes: Type.Array(LineupPlayerSchema),
  /** Substitutions made (at most 5, in at most 3 windows plus half-time). */
  substitutions_made: Count,
});
export type TeamLineup = Static<typeof TeamLineupSchema>;

export const PitchEventKindSchema = Type.Union([Type.Literal('card'), Type.Literal('substitution'), Type.Literal('foul')]);
export type PitchEventKind = Static<typeof PitchEventKindSchema>;
/** 'second_yellow': the red card that follows a second booking (counted as a yellow and a red). */
export const CardKindSchema = Type.Union([Type.Literal('yellow'), Type.Literal('second_yellow'), Type.Literal('red')]);
export type CardKind = Static<typeof CardKindSchema>;

/**
 * A card, a substitution or a foul, with the match minute and second, the side, the player and a
 * place on the pitch (metres, the side attacking towards x = 105 as for shots): a card or a foul
 * where the offence was; a substitution at the halfway line by the touchline (52.5, 0).
 */
export const FootballPitchEventSchema = Type.Object({
  /** Unique within the match and for ever (a delta carries the same id). */
  id: BigIdSchema,
  kind: PitchEventKindSchema,
  side: Side,
  /** The offender; a substitution's player going off. */
  player_id: Type.Union([Int4IdSchema, Type.Null()]),
  player_zh: Type.String(),
  /** A substitution's player coming on; null and '' otherwise. */
  player_in_id: Type.Union([Int4IdSchema, Type.Null()]),
  player_in_zh: Type.String(),
  /** A card's colour; null otherwise. */
  card: Type.Union([CardKindSchema, Type.Null()]),
  period: Type.Integer({ minimum: 1 }),
  minute: Type.Integer({ minimum: 1 }),
  extra: Type.Integer({ minimum: 0 }),
  second: Type.Integer({ minimum: 0, maximum: 59 }),
  x: Type.Number({ minimum: 0, maximum: 105 }),
  y: Type.Number({ minimum: 0, maximum: 68 }),
});
export type FootballPitchEvent = Static<typeof FootballPitchEventSchema>;

/** `GET api/Football/lineups?match_id=`. */
export const FootballLineupsSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  home: TeamLineupSchema,
  away: TeamLineupSchema,
  /** Both sides' cards, substitutions and fouls, in match order (the server always sends it; optional for older documents). */
  events: Type.Optional(Type.Array(FootballPitchEventSchema)),
});
export type FootballLineups = Static<typeof FootballLineupsSchema>;

/**
 * One minute of attack pressure. `home` and `away` are each side's weighted actions in that minute
 * (weights in `MOMENTUM_WEIGHTS`, geometry.ts); `value` is the bar: -100..100, positive when the
 * home side pressed, 100 * tanh((home - away) / MOMENTUM_SCALE).
 */
export const MomentumBucketSchema = Type.Object({
  /** The match minute (1-based; stoppage of the first half stays 45+n: `minute` 45, `extra` n). */
  minute: Type.Integer({ minimum: 1 }),
  extra: Type.Integer({ minimum: 0 }),
  period: Type.Integer({ minimum: 1 }),
  home: Type.Number({ minimum: 0 }),
  away: Type.Number({ minimum: 0 }),
  value: Type.Number({ minimum: -100, maximum: 100 }),
});
export type MomentumBucket = Static<typeof MomentumBucketSchema>;

/** A goal on a chart (momentum, xG race): own goals count for `side`, the team credited. */
export const ChartGoalSchema = Type.Object({
  minute: Type.Integer({ minimum: 1 }),
  extra: Type.Integer({ minimum: 0 }),
  second: Type.Integer({ minimum: 0, maximum: 59 }),
  side: Side,
  player_zh: Type.String(),
  own_goal: Type.Boolean(),
});
export type ChartGoal = Static<typeof ChartGoalSchema>;

/** `GET api/Football/momentum?match_id=`: one bucket per minute played so far, oldest first. */
export const FootballMomentumSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  buckets: Type.Array(MomentumBucketSchema),
  goals: Type.Array(ChartGoalSchema),
});
export type FootballMomentum = Static<typeof FootballMomentumSchema>;

export const ShotOutcomeSchema = Type.Union([Type.Literal('goal'), Type.Literal('saved'), Type.Literal('missed'), Type.Literal('blocked'), Type.Literal('woodwork')]);
export type ShotOutcome = Static<typeof ShotOutcomeSchema>;
export const ShotSituationSchema = Type.Union([Type.Literal('open_play'), Type.Literal('set_piece'), Type.Literal('penalty'), Type.Literal('own_goal')]);
export type ShotSituation = Static<typeof ShotSituationSchema>;

/**
 * A shot. An own goal is listed for the side it counted for (`situation: 'own_goal'`, xg 0, the
 * player the defender who put it in): the goals here always add up to the score.
 */
export const FootballShotSchema = Type.Object({
  /** Unique within the match and for ever (the delta of a live shot carries the same id). */
  id: BigIdSchema,
  side: Side,
  player_id: Type.Union([Int4IdSchema, Type.Null()]),
  player_zh: Type.String(),
  period: Type.Integer({ minimum: 1 }),
  minute: Type.Integer({ minimum: 1 }),
  extra: Type.Integer({ minimum: 0 }),
  second: Type.Integer({ minimum: 0, maximum: 59 }),
  x: Type.Number({ minimum: 0, maximum: 105 }),
  y: Type.Number({ minimum: 0, maximum: 68 }),
  /** Expected goals of the chance, 0..1 (xgOf in the server's xgModel.ts); 0 for own goals. */
  xg: Type.Number({ minimum: 0, maximum: 1 }),
  outcome: ShotOutcomeSchema,
  /** Goal or saved (a goal counts as on target). */
  on_target: Type.Boolean(),
  head: Type.Boolean(),
  situation: ShotSituationSchema,
});
export type FootballShot = Static<typeof FootballShotSchema>;

/** The xG race: a point per shot, the running totals after it. */
export const XgPointSchema = Type.Object({
  shot_id: BigIdSchema,
  minute: Type.Integer({ minimum: 1 }),
  extra: Type.Integer({ minimum: 0 }),
  second: Type.Integer({ minimum: 0, maximum: 59 }),
  side: Side,
  xg: Type.Number({ minimum: 0 }),
  home_xg: Type.Number({ minimum: 0 }),
  away_xg: Type.Number({ minimum: 0 }),
  goal: Type.Boolean(),
});
export type XgPoint = Static<typeof XgPointSchema>;

/** `GET api/Football/shotMap?match_id=`: every shot, oldest first, the team xG and the xG race. */
export const FootballShotMapSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  shots: Type.Array(FootballShotSchema),
  home_xg: Type.Number({ minimum: 0 }),
  away_xg: Type.Number({ minimum: 0 }),
  xg_timeline: Type.Array(XgPointSchema),
});
export type FootballShotMap = Static<typeof FootballShotMapSchema>;

export const PlayerRatingSchema = Type.Object({
  player_id: Int4IdSchema,
  side: Side,
  name_zh: Type.String(),
  shirt_number: Type.Integer({ minimum: 0, maximum: 99 }),
  position: Type.String(),
  rating: Rating,
  stats: FootballPlayerStatsSchema,
});
export type PlayerRating = Static<typeof PlayerRatingSchema>;

/**
 * A change to a player's rating or line in a delta: only what changed since the previous delta
 * (`rating` when it moved, `stats` with the changed fields), each the new value, never an
 * increment, so applying it twice changes nothing. Keyed by player_id.
 */
export const PlayerRatingChangeSchema = Type.Object({
  player_id: Int4IdSchema,
  side: Side,
  rating: Type.Optional(Rating),
  stats: Type.Optional(Type.Partial(FootballPlayerStatsSchema)),
});
export type PlayerRatingChange = Static<typeof PlayerRatingChangeSchema>;

/** `GET api/Football/playerRatings?match_id=`: everyone who played, best rating first; the man of the match. */
export const FootballPlayerRatingsSchema = Type.Object({
  match_id: BigIdSchema,
  status: MatchStatusSchema,
  players: Type.Array(PlayerRatingSchema),
  best_player_id: Type.Union([Int4IdSchema, Type.Null()]),
});
export type FootballPlayerRatings = Static<typeof FootballPlayerRatingsSchema>;

// ---- Basketball ----

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

// ---- Player and team pages ----

export const ProfileTeamSchema = Type.Object({
  id: Int4IdSchema,
  sport: ScoreSportSchema,
  name_zh: Type.String(),
  short_name_zh: Type.String(),
});
export type ProfileTeam = Static<typeof ProfileTeamSchema>;

/**
 * A season's numbers from the matches played (this season's: the season of the team's
 * latest match in each competition added up). Football fields are 0 for basketball and the
 * other way round.
 */
export const PlayerSeasonLineSchema = Type.Object({
  appearances: Count,
  starts: Count,
  minutes: Count,
  goals: Count,
  assists: Count,
  xg: Type.Number({ minimum: 0 }),
  yellow: Count,
  red: Count,
  points: Count,
  rebounds: Count,
  /** Basketball assists are in `assists`. */
  steals: Count,
  blocks: Count,
  /** Mean of the match ratings (football); null without one. */
  average_rating: Rating,
});
export type PlayerSeasonLine = Static<typeof PlayerSeasonLineSchema>;

export const PlayerRecentMatchSchema = Type.Object({
  match: MatchRowSchema,
  side: Side,
  starter: Type.Boolean(),
  /** Football: the match rating; basketball null. */
  rating: Rating,
  minutes: Count,
  goals: Count,
  assists: Count,
  points: Count,
  rebounds: Count,
});
export type PlayerRecentMatch = Static<typeof PlayerRecentMatchSchema>;

/** `GET api/Player/info?id=` (player id as in lineups and box scores). */
export const PlayerProfileSchema = Type.Object({
  player: Type.Object({ id: Int4IdSchema, name_zh: Type.String(), shirt_number: Type.Integer(), position: Type.String(), position_zh: Type.String() }),
  team: ProfileTeamSchema,
  season: PlayerSeasonLineSchema,
  /** The latest matches he played, newest first (at most 10). */
  recent: Type.Array(PlayerRecentMatchSchema),
});
export type PlayerProfile = Static<typeof PlayerProfileSchema>;

export const TeamSeasonLineSchema = Type.Object({
  played: Count,
  won: Count,
  drawn: Count,
  lost: Count,
  /** Goals (football) or points (basketball) for and against. */
  scored: Count,
  conceded: Count,
  /** Football: team xG for and against in the matches played (with match-centre data). */
  xg_for: Type.Number({ minimum: 0 }),
  xg_against: Type.Number({ minimum: 0 }),
});
export type TeamSeasonLine = Static<typeof TeamSeasonLineSchema>;

export const TeamSquadPlayerSchema = Type.Object({
  id: Int4IdSchema,
  name_zh: Type.String(),
  shirt_number: Type.Integer(),
  position: Type.String(),
  position_zh: Type.String(),
  season: PlayerSeasonLineSchema,
});
export type TeamSquadPlayer = Static<typeof TeamSquadPlayerSchema>;

export const TeamRecentMatchSchema = Type.Object({
  match: MatchRowSchema,
  side: Side,
  result: Type.Union([Type.Literal('W'), Type.Literal('D'), Type.Literal('L')]),
  /** Football: the team's xG and the opponent's; null without match-centre data. */
  xg_for: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  xg_against: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
});
export type TeamRecentMatch = Static<typeof TeamRecentMatchSchema>;

/** `GET api/Team/info?id=`. */
export const TeamProfileSchema = Type.Object({
  team: ProfileTeamSchema,
  season: TeamSeasonLineSchema,
  /** Finished matches, newest first (at most 10). */
  recent: Type.Array(TeamRecentMatchSchema),
  /** The squad by position then shirt number, each with his season. */
  squad: Type.Array(TeamSquadPlayerSchema),
});
export type TeamProfile = Static<typeof TeamProfileSchema>;

// ---- Live deltas (the `match_centre` stream of /ws/live-data) ----

/**
 * What changed in one match since the previous delta (one frame per match per feed batch that
 * touched it). Everything is keyed, so applying a delta twice changes nothing
 * (applyMatchCentreDelta in matchCentreDelta.ts): shots and xG points by id, buckets by minute +
 * extra, ratings and box-score lines by player_id, lead points by elapsed_seconds + score; `runs`
 * and the totals replace the previous ones. Fields absent: nothing of that kind changed.
 */
export const MatchCentreDeltaSchema = Type.Object({
  match_id: BigIdSchema,
  sport: ScoreSportSchema,
  status: MatchStatusSchema,
  /** Football. */
  shots: Type.Optional(Type.Array(FootballShotSchema)),
  xg_points: Type.Optional(Type.Array(XgPointSchema)),
  home_xg: Type.Optional(Type.Number({ minimum: 0 })),
  away_xg: Type.Optional(Type.Number({ minimum: 0 })),
  momentum: Type.Optional(Type.Array(MomentumBucketSchema)),
  goals: Type.Optional(Type.Array(ChartGoalSchema)),
  /**
   * Whole rows: a player's first appearance in the deltas (the starters with the lineups, a
   * substitute when he comes on). After that his changes come in `rating_changes`.
   */
  ratings: Type.Optional(Type.Array(PlayerRatingSchema)),
  /** Players whose rating or line changed, only the changed fields (PlayerRatingChangeSchema). */
  rating_changes: Type.Optional(Type.Array(PlayerRatingChangeSchema)),
  /** New cards, substitutions and fouls with their places (keyed by id; lineups' `events`). */
  events: Type.Optional(Type.Array(FootballPitchEventSchema)),
  /** A substitution or a sending-off: the minute fields of lineups' players. */
  lineup: Type.Optional(Type.Array(Type.Object({ player_id: Int4IdSchema, side: Side, on_minute: Type.Union([Type.Integer(), Type.Null()]), off_minute: Type.Union([Type.Integer(), Type.Null()]) }))),
  /** Basketball. */
  basketball_shots: Type.Optional(Type.Array(BasketballShotSchema)),
  box: Type.Optional(Type.Array(Type.Object({ side: Side, player: BoxScorePlayerSchema }))),
  period_scores: Type.Optional(Type.Array(Type.Tuple([Count, Count]))),
  lead_points: Type.Optional(Type.Array(LeadPointSchema)),
  runs: Type.Optional(Type.Array(ScoringRunSchema)),
  largest_lead: Type.Optional(Type.Object({ home: Count, away: Count })),
  lead_changes: Type.Optional(Count),
  ties: Type.Optional(Count),
});
export type MatchCentreDelta = Static<typeof MatchCentreDeltaSchema>;
