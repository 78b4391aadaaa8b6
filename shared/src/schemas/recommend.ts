import Type, { type Static } from 'typebox';
import { BigIdSchema } from './primitives';
import { LiveRoomCardSchema } from './live';
import { ScoreSportSchema } from './scores';

/**
 * Recommendations (issue 39 part 4; server/src/recommend/README.md): `api/Recommend/rooms` (the
 * home page's 为你推荐 row) and `api/Recommend/follows` (what the empty 我的关注 and 预约 pages
 * suggest following).
 */

/** The most rooms one `api/Recommend/rooms` answers (the row shows them all). */
export const RECOMMEND_ROOMS_MAX = 12;
/** The most teams, leagues and anchors `api/Recommend/follows` suggests, each. */
export const RECOMMEND_FOLLOWS_MAX = 6;

export const RecommendRoomsQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECOMMEND_ROOMS_MAX })) }, { additionalProperties: false });
export type RecommendRoomsQuery = Static<typeof RecommendRoomsQuerySchema>;

/** Why a room is in the row: its strongest signal (the card may say so). */
export const RecommendReasonSchema = Type.Union([
  Type.Literal('followed_anchor'),
  Type.Literal('followed_team'),
  Type.Literal('followed_league'),
  Type.Literal('watched_anchor'),
  Type.Literal('watched_sport'),
  Type.Literal('popular'),
]);
export type RecommendReason = Static<typeof RecommendReasonSchema>;

export const RecommendedRoomSchema = Type.Object({
  room: LiveRoomCardSchema,
  reason: RecommendReasonSchema,
  /** The documented score (README.md); guests' rooms carry their popularity part only. */
  score: Type.Number(),
});
export type RecommendedRoom = Static<typeof RecommendedRoomSchema>;

export const RecommendRoomsSchema = Type.Object({
  /** 'personal' for a member with follows or watch history, else 'popular' (guests too). */
  basis: Type.Union([Type.Literal('personal'), Type.Literal('popular')]),
  list: Type.Array(RecommendedRoomSchema, { maxItems: RECOMMEND_ROOMS_MAX }),
});
export type RecommendRooms = Static<typeof RecommendRoomsSchema>;

/** A team or league to follow: from the matches the member viewed, else a popular one. */
export const FollowSuggestionSchema = Type.Object({
  id: BigIdSchema,
  name: Type.String(),
  short_name: Type.String(),
  sport: ScoreSportSchema,
  /** 'viewed': in matches the member watched, favourited or reserved; 'popular': the site's hot ones. */
  reason: Type.Union([Type.Literal('viewed'), Type.Literal('popular')]),
});
export type FollowSuggestion = Static<typeof FollowSuggestionSchema>;

export const RecommendFollowsSchema = Type.Object({
  teams: Type.Array(FollowSuggestionSchema, { maxItems: RECOMMEND_FOLLOWS_MAX }),
  leagues: Type.Array(FollowSuggestionSchema, { maxItems: RECOMMEND_FOLLOWS_MAX }),
  /** Live rooms of anchors the member does not follow, in the sports they watch (else any). */
  anchors: Type.Array(LiveRoomCardSchema, { maxItems: RECOMMEND_FOLLOWS_MAX }),
});
export type RecommendFollows = Static<typeof RecommendFollowsSchema>;
