import Type, { type Static } from 'typebox';
import { Int4IdSchema } from './primitives';
import { MatchRowSchema, ScoreCompetitionSchema, ScoreSportSchema, StandingRowSchema } from './scores';

/**
 * Knowledge bases (base-football, base-basketball): competitions -> seasons -> standings,
 * schedule and results, top scorers and records; teams (squad, form, fixtures); players
 * (position, number, season statistics). All read from the sports data the scores domain keeps.
 *
 * Calls (server/src/scores/knowledge/):
 * - `GET api/base/competitions?sport=`
 * - `GET api/base/competition?id=&season_id=`
 * - `GET api/base/matches?competition_id=&season_id=&kind=results|fixtures&cursor=&page_size=` (keyset)
 * - `GET api/base/team?id=`
 * - `GET api/base/player?id=`
 */

const Count = Type.Integer({ minimum: 0 });
const SeasonRefSchema = Type.Object({ id: Int4IdSchema, name: Type.String(), is_current: Type.Boolean() });
export type SeasonRef = Static<typeof SeasonRefSchema>;

/** The knowledge bases cover football and basketball (base-football, base-basketball). */
export const BaseCompetitionsQuerySchema = Type.Object({ sport: Type.Union([Type.Literal('football'), Type.Literal('basketball')]) }, { additionalProperties: false });
export type BaseCompetitionsQuery = Static<typeof BaseCompetitionsQuerySchema>;

export const BaseCompetitionItemSchema = Type.Object({
  ...ScoreCompetitionSchema.properties,
  /** The current season, null when the data has none yet. */
  season: Type.Union([SeasonRefSchema, Type.Null()]),
  team_count: Count,
});
export type BaseCompetitionItem = Static<typeof BaseCompetitionItemSchema>;
export const BaseCompetitionListSchema = Type.Array(BaseCompetitionItemSchema);

export const BaseCompetitionQuerySchema = Type.Object(
  { id: Int4IdSchema, season_id: Type.Optional(Int4IdSchema) },
  { additionalProperties: false },
);
export type BaseCompetitionQuery = Static<typeof BaseCompetitionQuerySchema>;

/** A leader of the season: football goals (own goals not counted), basketball points. */
export const TopScorerSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  /** null when the name is not in the team's squad (a feed that names players we do not know). */
  player_id: Type.Union([Int4IdSchema, Type.Null()]),
  player_name_zh: Type.String(),
  team_id: Int4IdSchema,
  team_name_zh: Type.String(),
  /** Goals (football) or points (basketball). */
  value: Count,
  /** Matches in which the player scored. */
  matches: Count,
});
export type TopScorer = Static<typeof TopScorerSchema>;

export const SeasonRecordSchema = Type.Object({
  /** 'biggest_win' | 'most_goals' (football) / 'most_points' (basketball). */
  kind: Type.String(),
  label_zh: Type.String(),
  match: MatchRowSchema,
});
export type SeasonRecord = Static<typeof SeasonRecordSchema>;

export const BaseCompetitionSchema = Type.Object({
  competition: ScoreCompetitionSchema,
  season: Type.Union([SeasonRefSchema, Type.Null()]),
  seasons: Type.Array(SeasonRefSchema),
  /** The season's table per group (empty when the season has none). */
  groups: Type.Array(Type.Object({ group_name: Type.String(), rows: Type.Array(StandingRowSchema) })),
  /** Latest results and next fixtures (more through api/base/matches). */
  results: Type.Array(MatchRowSchema),
  fixtures: Type.Array(MatchRowSchema),
  top_scorers: Type.Array(TopScorerSchema),
  records: Type.Array(SeasonRecordSchema),
  finished_count: Count,
});
export type BaseCompetition = Static<typeof BaseCompetitionSchema>;

export const BaseMatchKindSchema = Type.Union([Type.Literal('results'), Type.Literal('fixtures')]);
export const BaseMatchesQuerySchema = Type.Object(
  {
    competition_id: Int4IdSchema,
    season_id: Type.Optional(Int4IdSchema),
    /** results: finished, newest first; fixtures: not finished, soonest first. */
    kind: BaseMatchKindSchema,
    /** The previous page's next_cursor. */
    cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}_[1-9][0-9]{0,15}$', maxLength: 32 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type BaseMatchesQuery = Static<typeof BaseMatchesQuerySchema>;
export const BaseMatchPageSchema = Type.Object({ list: Type.Array(MatchRowSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) });
export type BaseMatchPage = Static<typeof BaseMatchPageSchema>;

export const BaseIdQuerySchema = Type.Object({ id: Int4IdSchema }, { additionalProperties: false });

export const BaseTeamInfoSchema = Type.Object({
  id: Int4IdSchema,
  sport: ScoreSportSchema,
  name_zh: Type.String(),
  short_name_zh: Type.String(),
  venue_zh: Type.String(),
});

/** Season statistics of a player. Football: goals, assists; basketball: points, rebounds, assists. */
export const PlayerSeasonStatsSchema = Type.Object({
  appearances: Count,
  goals: Count,
  assists: Count,
  points: Count,
  rebounds: Count,
});
export type PlayerSeasonStats = Static<typeof PlayerSeasonStatsSchema>;

export const SquadPlayerSchema = Type.Object({
  id: Int4IdSchema,
  name_zh: Type.String(),
  shirt_number: Type.Integer(),
  /** GK DF MF FW (football), G F C (basketball). */
  position: Type.String(),
  position_zh: Type.String(),
  stats: PlayerSeasonStatsSchema,
});
export type SquadPlayer = Static<typeof SquadPlayerSchema>;

export const BaseTeamSchema = Type.Object({
  team: BaseTeamInfoSchema,
  /** The competitions the team is in this season, with its place in the table. */
  competitions: Type.Array(
    Type.Object({
      competition: ScoreCompetitionSchema,
      season: SeasonRefSchema,
      group_name: Type.String(),
      position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
      points: Count,
    }),
  ),
  squad: Type.Array(SquadPlayerSchema),
  /** Last five finished matches, newest first: 'W', 'D', 'L' from the team's side. */
  form: Type.Array(Type.Object({ result: Type.Union([Type.Literal('W'), Type.Literal('D'), Type.Literal('L')]), match: MatchRowSchema })),
  /** Next matches (scheduled or in play), soonest first. */
  fixtures: Type.Array(MatchRowSchema),
});
export type BaseTeam = Static<typeof BaseTeamSchema>;

export const BasePlayerSchema = Type.Object({
  player: Type.Object({ id: Int4IdSchema, name_zh: Type.String(), shirt_number: Type.Integer(), position: Type.String(), position_zh: Type.String() }),
  team: BaseTeamInfoSchema,
  /** Per competition season the team plays this season. */
  seasons: Type.Array(Type.Object({ competition: ScoreCompetitionSchema, season: SeasonRefSchema, stats: PlayerSeasonStatsSchema })),
  /** The player's goals or points in the team's latest matches, newest first. */
  recent: Type.Array(Type.Object({ match: MatchRowSchema, value: Count })),
});
export type BasePlayer = Static<typeof BasePlayerSchema>;

/** `GET /api/site/download`: what the download page shows. */
export const DownloadInfoSchema = Type.Object({
  /** The mobile site the QR code opens. */
  h5_url: Type.String(),
  /** The QR code of h5_url, an SVG image on this site. */
  qr_svg_url: Type.String(),
  ios_url: Type.String(),
  android_url: Type.String(),
});
export type DownloadInfo = Static<typeof DownloadInfoSchema>;
