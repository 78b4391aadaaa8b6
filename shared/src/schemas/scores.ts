import Type, { type Static, type TSchema } from 'typebox';
import { BigIdSchema, Int4IdSchema } from './primitives';

/**
 * Scores (SPEC.md sections 3, 4, 7): the rows the HTTP endpoints answer and the live-data socket
 * pushes. One shape per thing, so a row from `all_match` and a row from a `football_match` frame
 * can replace each other in the store.
 */

/** The sports that have live scores; esports and general (snooker) are best-of series of games. */
export const ScoreSportSchema = Type.Union([Type.Literal('football'), Type.Literal('basketball'), Type.Literal('esports'), Type.Literal('general')]);
export type ScoreSport = Static<typeof ScoreSportSchema>;

/** scheduled -> live -> halftime -> live -> finished (basketball: halftime between quarters 2 and 3). */
export const MatchStatusSchema = Type.Union([Type.Literal('scheduled'), Type.Literal('live'), Type.Literal('halftime'), Type.Literal('finished')]);
export type MatchStatus = Static<typeof MatchStatusSchema>;

/** Matches, events and users are bigint rows; competitions, teams, seasons and odds companies int4. */
const Id = BigIdSchema;
const SmallId = Int4IdSchema;
const Count = Type.Integer({ minimum: 0 });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

/** One match as the lists and the socket carry it: everything a scores row shows. */
export const MatchRowSchema = Type.Object({
  match_id: Id,
  sport: ScoreSportSchema,
  competition_id: SmallId,
  competition_short_zh: Type.String(),
  /** The competition is on the hot list: what `classify_type: 1` clients receive. */
  hot: Type.Boolean(),
  /** '第12轮', '小组赛' … */
  round_zh: Type.String(),
  home_team_id: SmallId,
  away_team_id: SmallId,
  home_team_name_zh: Type.String(),
  away_team_name_zh: Type.String(),
  /** ISO 8601. */
  kickoff_at: Type.String(),
  status: MatchStatusSchema,
  /** Football: 1 or 2 (half); basketball: 1-4, 5+ overtime; null before kick-off. */
  period: NullableInt,
  /** Football: the match minute (45 or 90 during stoppage time, see extra_minute); else null. */
  minute: NullableInt,
  /** Football stoppage time: 2 in 45+2'. */
  extra_minute: NullableInt,
  /** Basketball: seconds left on the period clock. */
  clock_seconds: NullableInt,
  /** What the row shows as the time: "67'", "45+2'", "中场", "完场", "未开赛", "第3节 05:12". */
  match_str: Type.String(),
  home_score: Count,
  away_score: Count,
  /** Football half-time score, null until half-time. */
  home_half_score: NullableInt,
  away_half_score: NullableInt,
  /** Basketball points per period [[home, away], …] (overtime periods appended); football []. */
  period_scores: Type.Array(Type.Tuple([Count, Count])),
  home_red: Count,
  away_red: Count,
  home_yellow: Count,
  away_yellow: Count,
  home_corner: Count,
  away_corner: Count,
  /** Football knockout decided on penalties: the shoot-out (home/away_score stay the 120 minutes'); else null. */
  home_penalty_score: Type.Optional(NullableInt),
  away_penalty_score: Type.Optional(NullableInt),
});
export type MatchRow = Static<typeof MatchRowSchema>;

/** One price: `line` for handicap and totals; `draw` only for football 1X2. Decimal odds (HK = value - 1). */
export const OddsQuoteSchema = Type.Object({
  line: Type.Union([Type.Number(), Type.Null()]),
  /** 1X2: home win; asia: home side; total: over. */
  home: Type.Number(),
  draw: Type.Union([Type.Number(), Type.Null()]),
  /** 1X2: away win; asia: away side; total: under. */
  away: Type.Number(),
});
export type OddsQuote = Static<typeof OddsQuoteSchema>;

export const OddsMarketSchema = Type.Object({ open: OddsQuoteSchema, now: OddsQuoteSchema });
export type OddsMarket = Static<typeof OddsMarketSchema>;

/** europe = 1X2 (basketball: money line), asia = Asian handicap (spread), total = over/under. */
export const OddsMarketNameSchema = Type.Union([Type.Literal('europe'), Type.Literal('asia'), Type.Literal('total')]);
export type OddsMarketName = Static<typeof OddsMarketNameSchema>;

/** The 'exponent' of one match at one odds company (the company a client toggled to). */
export const ExponentRowSchema = Type.Object({
  match_id: Id,
  company_id: SmallId,
  sport: ScoreSportSchema,
  europe: Type.Union([OddsMarketSchema, Type.Null()]),
  asia: Type.Union([OddsMarketSchema, Type.Null()]),
  total: Type.Union([OddsMarketSchema, Type.Null()]),
  updated_at: Type.String(),
});
export type ExponentRow = Static<typeof ExponentRowSchema>;

/** A goal popup (SPEC.md section 3): iszhu 1 when the home team scored; match_str the minute ("67'"). */
export const GoalDataSchema = Type.Object({
  match_id: Id,
  iszhu: Type.Union([Type.Literal(0), Type.Literal(1)]),
  match_str: Type.String(),
  home_team_name_zh: Type.String(),
  away_team_name_zh: Type.String(),
  home_score: Count,
  away_score: Count,
});
export type GoalData = Static<typeof GoalDataSchema>;

export const MatchEventKindSchema = Type.Union([
  Type.Literal('kickoff'),
  Type.Literal('goal'),
  Type.Literal('yellow'),
  Type.Literal('red'),
  Type.Literal('substitution'),
  Type.Literal('halftime'),
  Type.Literal('second_half'),
  Type.Literal('fulltime'),
  /** Basketball: a scoring play of `points` (1-3). */
  Type.Literal('score'),
  /** Basketball: the end of period `period`. */
  Type.Literal('period_end'),
  /** Esports / general series: game (map, frame) `period` starts; `side` won it at game_end. */
  Type.Literal('game_start'),
  Type.Literal('game_end'),
  /** Esports: a moment of a game (`detail` first_blood, tower, dragon, baron); general: a break of `points`. */
  Type.Literal('highlight'),
]);
export type MatchEventKind = Static<typeof MatchEventKindSchema>;

export const MatchEventSchema = Type.Object({
  id: Id,
  match_id: Id,
  kind: MatchEventKindSchema,
  side: Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Null()]),
  /** Goal: 'penalty' or 'own_goal'; red: 'second_yellow'; else null. */
  detail: Type.Union([Type.String(), Type.Null()]),
  period: NullableInt,
  minute: NullableInt,
  extra_minute: NullableInt,
  clock_seconds: NullableInt,
  match_str: Type.String(),
  /** Scorer, booked player, player coming off (substitution). */
  player_zh: Type.Union([Type.String(), Type.Null()]),
  /** Substitution: the player coming on. */
  player_in_zh: Type.Union([Type.String(), Type.Null()]),
  points: NullableInt,
  /** The score after this event. */
  home_score: Count,
  away_score: Count,
  occurred_at: Type.String(),
});
export type MatchEvent = Static<typeof MatchEventSchema>;

// ---- Requests ----

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Pages beyond this are refused: deep OFFSETs are a way to make the database work for nothing. */
export const PAGE_MAX = 1_000;

const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
};
export const PageQuerySchema = Type.Object(PageFields);
export type PageQuery = Static<typeof PageQuerySchema>;

/** A page of a list: `total` rows match, `list` holds those of page `page`. */
export function Page<Item extends TSchema>(item: Item) {
  return Type.Object({ list: Type.Array(item), total: Count, page: Type.Integer(), page_size: Type.Integer() });
}
export interface PageOf<Item> {
  list: Item[];
  total: number;
  page: number;
  page_size: number;
}

export const MatchIdQuerySchema = Type.Object({ match_id: Id });
export const MatchPageQuerySchema = Type.Object({ match_id: Id, ...PageFields });

/** 'live' includes half-time. */
export const ScheduleStatusSchema = Type.Union([Type.Literal('scheduled'), Type.Literal('live'), Type.Literal('finished')]);

/**
 * `POST api/hot_match/all_match`: the schedule. `date` is a day in China time (UTC+8). Without it:
 * 'live' is every match in play, 'finished' the last 24 hours, otherwise today (server/src/scores/schedule.ts).
 */
export const AllMatchRequestSchema = Type.Object(
  {
    sport: Type.Optional(ScoreSportSchema),
    competition_id: Type.Optional(SmallId),
    date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
    status: Type.Optional(ScheduleStatusSchema),
    ...PageFields,
  },
  { additionalProperties: false },
);
export type AllMatchRequest = Static<typeof AllMatchRequestSchema>;

export const RecommendQuerySchema = Type.Object({ sport: Type.Optional(ScoreSportSchema), ...PageFields });
export const CompetitionQuerySchema = Type.Object({ sport: Type.Optional(ScoreSportSchema) });
export const SeasonTableQuerySchema = Type.Object({ competition_id: SmallId });
export const OddsHistoryQuerySchema = Type.Object({ match_id: Id, company_id: SmallId, market: OddsMarketNameSchema, ...PageFields });

/** `POST api/Basketballuser/collect`: 1 favourite, 0 unfavourite. */
export const CollectRequestSchema = Type.Object(
  { match_id: Id, collect: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  { additionalProperties: false },
);
export type CollectRequest = Static<typeof CollectRequestSchema>;
export const CollectResultSchema = Type.Object({ match_id: Id, collect: Type.Union([Type.Literal(0), Type.Literal(1)]) });

// ---- Answers ----

export const MatchPageSchema = Page(MatchRowSchema);
export const MatchEventPageSchema = Page(MatchEventSchema);

export const CommentaryLineSchema = Type.Object({
  id: Id,
  kind: MatchEventKindSchema,
  match_str: Type.String(),
  text: Type.String(),
  occurred_at: Type.String(),
});
export type CommentaryLine = Static<typeof CommentaryLineSchema>;
export const CommentaryPageSchema = Page(CommentaryLineSchema);

export const ScoreCompetitionSchema = Type.Object({
  id: SmallId,
  sport: ScoreSportSchema,
  name_zh: Type.String(),
  short_name_zh: Type.String(),
  hot: Type.Boolean(),
});
export const ScoreCompetitionListSchema = Type.Array(ScoreCompetitionSchema);

export const OddsCompanySchema = Type.Object({ id: SmallId, name_zh: Type.String() });
export const OddsCompanyListSchema = Type.Array(OddsCompanySchema);

export const MatchDetailSchema = Type.Object({
  match: MatchRowSchema,
  competition_name_zh: Type.String(),
  season_name: Type.String(),
  venue_zh: Type.String(),
  home_team_short_zh: Type.String(),
  away_team_short_zh: Type.String(),
});
export type MatchDetail = Static<typeof MatchDetailSchema>;

export const MatchStatisticSchema = Type.Object({ kind: Type.String(), name_zh: Type.String(), home: Type.Number(), away: Type.Number() });
export type MatchStatistic = Static<typeof MatchStatisticSchema>;
export const MatchStatisticListSchema = Type.Array(MatchStatisticSchema);

export const ExponentListSchema = Type.Array(ExponentRowSchema);

export const OddsHistoryRowSchema = Type.Object({
  ...OddsQuoteSchema.properties,
  /** What the match looked like when the price moved. */
  status: MatchStatusSchema,
  match_str: Type.String(),
  home_score: Count,
  away_score: Count,
  recorded_at: Type.String(),
});
export type OddsHistoryRow = Static<typeof OddsHistoryRowSchema>;
export const OddsHistoryPageSchema = Page(OddsHistoryRowSchema);

export const StandingRowSchema = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  team_id: SmallId,
  team_name_zh: Type.String(),
  team_short_zh: Type.String(),
  played: Count,
  won: Count,
  /** Always 0 in basketball. */
  drawn: Count,
  lost: Count,
  /** Goals (basketball: points) scored and conceded. */
  goals_for: Count,
  goals_against: Count,
  goal_diff: Type.Integer(),
  /** Football: 3 a win, 1 a draw; basketball: wins. */
  points: Count,
  /** Last five results, oldest first: 'W', 'D', 'L'. */
  form: Type.String(),
});
export type StandingRow = Static<typeof StandingRowSchema>;

export const SeasonTableSchema = Type.Object({
  competition: ScoreCompetitionSchema,
  season: Type.Object({ id: SmallId, name: Type.String() }),
  /** One group for a league; cups with groups have several ('A组' …). */
  groups: Type.Array(Type.Object({ group_name: Type.String(), rows: Type.Array(StandingRowSchema) })),
});
export type SeasonTable = Static<typeof SeasonTableSchema>;

export const RecentResultSchema = Type.Object({
  date: Type.String(),
  competition_short_zh: Type.String(),
  home_team_name_zh: Type.String(),
  away_team_name_zh: Type.String(),
  home_score: Count,
  away_score: Count,
  /** From the point of view of the team the list belongs to ('W', 'D', 'L'); '' for head-to-head. */
  result: Type.String(),
});
export type RecentResult = Static<typeof RecentResultSchema>;

export const AbsenceSchema = Type.Object({
  side: Type.Union([Type.Literal('home'), Type.Literal('away')]),
  player_zh: Type.String(),
  kind: Type.Union([Type.Literal('injury'), Type.Literal('suspension')]),
  reason_zh: Type.String(),
});
export type Absence = Static<typeof AbsenceSchema>;

export const IntelligenceSchema = Type.Object({
  match_id: Id,
  absences: Type.Array(AbsenceSchema),
  home_recent: Type.Array(RecentResultSchema),
  away_recent: Type.Array(RecentResultSchema),
  head_to_head: Type.Array(RecentResultSchema),
});
export type Intelligence = Static<typeof IntelligenceSchema>;
