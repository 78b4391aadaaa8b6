import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from '../schemas/primitives';
import { MatchStatusSchema } from '../schemas/scores';
import { Count, Rating, Side } from './common';

/** Football's match-centre answers (types.ts has the coordinates and the conventions). */

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
