import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from '../schemas/primitives';
import { MatchStatusSchema, ScoreSportSchema } from '../schemas/scores';
import { Count, Side } from './common';
import { ChartGoalSchema, FootballPitchEventSchema, FootballShotSchema, MomentumBucketSchema, PlayerRatingChangeSchema, PlayerRatingSchema, XgPointSchema } from './football';
import { BasketballShotSchema, BoxLineChangeSchema, BoxScorePlayerSchema, LeadPointSchema, ScoringRunSchema } from './basketball';

/** The `match_centre` stream's delta (types.ts has the conventions). */

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
  /** Whole box-score lines: a player's first appearance in the deltas. After that his changes come in `box_changes`. */
  box: Type.Optional(Type.Array(Type.Object({ side: Side, player: BoxScorePlayerSchema }))),
  /** Players whose box-score line changed, only the changed fields (BoxLineChangeSchema). */
  box_changes: Type.Optional(Type.Array(BoxLineChangeSchema)),
  period_scores: Type.Optional(Type.Array(Type.Tuple([Count, Count]))),
  lead_points: Type.Optional(Type.Array(LeadPointSchema)),
  runs: Type.Optional(Type.Array(ScoringRunSchema)),
  largest_lead: Type.Optional(Type.Object({ home: Count, away: Count })),
  lead_changes: Type.Optional(Count),
  ties: Type.Optional(Count),
});
export type MatchCentreDelta = Static<typeof MatchCentreDeltaSchema>;
