import Type, { type Static } from 'typebox';
import { Int4IdSchema } from '../schemas/primitives';
import { MatchRowSchema, ScoreSportSchema } from '../schemas/scores';
import { Count, Rating, Side } from './common';

/** The player and team pages' answers. */

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
