import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from './primitives';
import { MatchStatusSchema, ScoreSportSchema } from './scores';

/**
 * Follows (关注, issue 39 parts 1 and 5; server/src/follows/README.md): a member follows teams,
 * leagues (competitions) and players here, anchors in `api/Live/attention`. The ids answer
 * (`api/Follow/ids`) feeds the stars and the score lists' 关注 filter; the list answer
 * (`api/Follow/list`) the 我的关注 page. The plain limits are in limits.ts (FOLLOW_TARGET_TYPES,
 * FOLLOWS_PER_TYPE_MAX).
 */

export const FollowTargetTypeSchema = Type.Union([Type.Literal('team'), Type.Literal('league'), Type.Literal('player')]);
export type FollowTargetType = Static<typeof FollowTargetTypeSchema>;
/** What `api/Follow/list?type=` lists: the three above and the anchors of `user_follow`. */
export const FollowListTypeSchema = Type.Union([Type.Literal('team'), Type.Literal('league'), Type.Literal('player'), Type.Literal('anchor')]);
export type FollowListType = Static<typeof FollowListTypeSchema>;

// ---- POST api/Follow/team | league | player {id, follow} (login) ----
export const FollowRequestSchema = Type.Object(
  {
    /** The team's, competition's or player's id. */
    id: Int4IdSchema,
    /** true: follow; false: unfollow. */
    follow: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FollowRequest = Static<typeof FollowRequestSchema>;
export const FollowResultSchema = Type.Object(
  {
    type: FollowTargetTypeSchema,
    id: Int4IdSchema,
    following: Type.Boolean(),
    /** How many members follow it now. */
    followers: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type FollowResult = Static<typeof FollowResultSchema>;

// ---- GET api/Follow/ids (login): every followed id per type, for the stars and the filter ----
export const FollowIdsSchema = Type.Object(
  {
    team: Type.Array(Int4IdSchema),
    league: Type.Array(Int4IdSchema),
    player: Type.Array(Int4IdSchema),
    /** Followed anchors' user ids (user_follow). */
    anchor: Type.Array(BigIdSchema),
  },
  { additionalProperties: false },
);
export type FollowIds = Static<typeof FollowIdsSchema>;

// ---- GET api/Follow/list?type= (login): newest follow first, the whole list (capped) ----
export const FollowListQuerySchema = Type.Object({ type: FollowListTypeSchema }, { additionalProperties: false });
export type FollowListQuery = Static<typeof FollowListQuerySchema>;

/** A followed team's or league's match now or next (live first, else the next kick-off). */
export const FollowedMatchSchema = Type.Object(
  {
    match_id: BigIdSchema,
    /** ISO instant (UTC); shown in China time. */
    kickoff_at: Type.String(),
    status: MatchStatusSchema,
    home_team_id: Int4IdSchema,
    away_team_id: Int4IdSchema,
    home_team_name_zh: Type.String(),
    away_team_name_zh: Type.String(),
    home_score: Type.Integer({ minimum: 0 }),
    away_score: Type.Integer({ minimum: 0 }),
    competition_short_zh: Type.String(),
    /** For a followed team: the other team's name; for a league: null. */
    opponent_name_zh: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type FollowedMatch = Static<typeof FollowedMatchSchema>;

/** One followed thing. Teams and leagues carry `next_match`; players their team; anchors their room. */
export const FollowItemSchema = Type.Object(
  {
    type: FollowListTypeSchema,
    /** The team's, competition's or player's id; an anchor's user id. */
    id: BigIdSchema,
    /** The name the site shows (Chinese; an anchor's nickname). */
    name: Type.String(),
    /** The short name (teams, leagues), else the name. */
    short_name: Type.String(),
    /** An anchor's avatar; teams, leagues and players have no image in this database (null). */
    image: Type.Union([Type.String(), Type.Null()]),
    /** football, basketball … (players: their team's); anchors: null. */
    sport: Type.Union([ScoreSportSchema, Type.Null()]),
    /** ISO instant of the follow. */
    followed_at: Type.String(),
    next_match: Type.Union([FollowedMatchSchema, Type.Null()]),
    /** Players: their team. */
    team: Type.Union([Type.Object({ id: Int4IdSchema, name: Type.String() }, { additionalProperties: false }), Type.Null()]),
    /** Anchors: their room (null without one) and whether it is live. */
    room: Type.Union([Type.Object({ room_id: BigIdSchema, is_live: Type.Boolean() }, { additionalProperties: false }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type FollowItem = Static<typeof FollowItemSchema>;
export const FollowListSchema = Type.Object(
  {
    type: FollowListTypeSchema,
    list: Type.Array(FollowItemSchema),
    /** All of this type the member follows (the list holds the newest FOLLOWS_PER_TYPE_MAX: all of a team, league or player list; anchors have no bound). */
    total: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type FollowList = Static<typeof FollowListSchema>;
