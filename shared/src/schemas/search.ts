import Type, { type Static } from 'typebox';
import { MAX_LENGTH } from '../api/limits';
import { SportSchema } from './hotMatch';

/**
 * `api/Search/*` (SPEC.md section 7; server/src/search/README.md). Every item carries `link`, the
 * hash route of its page (`#/score-detail?id=`, `#/live?id=`, `#/circle-detail?id=`, …).
 */

const Name = Type.String({ minLength: 1, maxLength: MAX_LENGTH.search });
const Link = Type.String();
/**
 * `score` (optional, added by issue 33; server/src/search/README.md "Ranking"): how well the item
 * matches, higher first: 100 × the best tier over its names and their pinyin (3 exact, 2 prefix,
 * 1 contains) + 1000 when it is on air (rooms, anchors) or in play (matches).
 */
const Score = Type.Optional(Type.Integer({ minimum: 0 }));
const item = <T extends Record<string, Parameters<typeof Type.Object>[0][string]>>(fields: T) => Type.Object({ ...fields, link: Link, score: Score }, { additionalProperties: false });

/** `GET api/Search/index?name=`: the search box allows 10 characters, and so does the server. */
export const SearchQuerySchema = Type.Object({ name: Name });
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const SEARCH_PAGE_SIZE_MAX = 50;
/** `GET api/Search/anchor|live?name=&cursor=&page_size=`: newest first, by cursor (the last page's `next_cursor`). */
export const SearchPageQuerySchema = Type.Object(
  {
    name: Name,
    cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type SearchPageQuery = Static<typeof SearchPageQuerySchema>;

export const SearchCompetitionSchema = item({ id: Type.Integer(), sport: SportSchema, name_zh: Type.String(), short_name_zh: Type.String() });
export type SearchCompetition = Static<typeof SearchCompetitionSchema>;
export const SearchMatchSchema = item({
  id: Type.Integer(),
  sport: SportSchema,
  competition: Type.String(),
  home: Type.String(),
  away: Type.String(),
  home_score: Type.Integer(),
  away_score: Type.Integer(),
  status: Type.String(),
  kickoff_at: Type.String(),
});
export type SearchMatch = Static<typeof SearchMatchSchema>;
export const SearchTeamSchema = item({ id: Type.Integer(), sport: SportSchema, name_zh: Type.String(), short_name_zh: Type.String() });
export type SearchTeam = Static<typeof SearchTeamSchema>;
/** An anchor; `room_id` their room (null: none yet), `is_live` it is on air now. */
export const SearchAnchorSchema = item({ id: Type.Integer(), user_nickname: Type.String(), avatar: Type.String(), room_id: Type.Union([Type.Integer(), Type.Null()]), is_live: Type.Boolean() });
export type SearchAnchor = Static<typeof SearchAnchorSchema>;
/** A room; `match` (optional, issue 33) the match it shows, by which it is also found (its teams). */
export const SearchLiveSchema = item({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  thumb: Type.String(),
  anchor_id: Type.Integer(),
  anchor_nickname: Type.String(),
  is_live: Type.Boolean(),
  match: Type.Optional(Type.Union([Type.Object({ id: Type.Integer(), home: Type.String(), away: Type.String() }, { additionalProperties: false }), Type.Null()])),
});
export type SearchLive = Static<typeof SearchLiveSchema>;
/** A visible post: `text` at most 100 characters of it. */
export const SearchPostSchema = item({ id: Type.Integer(), text: Type.String(), author_nickname: Type.String(), created_at: Type.String() });
export type SearchPost = Static<typeof SearchPostSchema>;
export const SearchHeadlineSchema = item({ id: Type.Integer(), title: Type.String(), published_at: Type.String() });
export type SearchHeadline = Static<typeof SearchHeadlineSchema>;
/**
 * A player of a squad (the knowledge base's `#/base-football?player=`), found by name or pinyin;
 * `match_ids` the matches of the `matches` group whose events name them (issue 33).
 */
export const SearchPlayerSchema = item({
  id: Type.Integer(),
  sport: SportSchema,
  name_zh: Type.String(),
  team_id: Type.Integer(),
  team: Type.String(),
  position: Type.String(),
  shirt_number: Type.Integer(),
  match_ids: Type.Array(Type.Integer()),
});
export type SearchPlayer = Static<typeof SearchPlayerSchema>;

/** The groups, each at most `SEARCH_GROUP_LIMIT` items (the tabs page further where they can). */
export const SEARCH_GROUP_LIMIT = 10;
export const SearchResultSchema = Type.Object(
  {
    matches: Type.Array(SearchMatchSchema),
    teams: Type.Array(SearchTeamSchema),
    competitions: Type.Array(SearchCompetitionSchema),
    anchors: Type.Array(SearchAnchorSchema),
    lives: Type.Array(SearchLiveSchema),
    posts: Type.Array(SearchPostSchema),
    headlines: Type.Array(SearchHeadlineSchema),
    /** Added by issue 33 (optional for older servers' answers; this server always sends it). */
    players: Type.Optional(Type.Array(SearchPlayerSchema)),
  },
  { additionalProperties: false },
);
export type SearchResult = Static<typeof SearchResultSchema>;

const pageOf = <T extends Parameters<typeof Type.Array>[0]>(schema: T) =>
  Type.Object({ list: Type.Array(schema), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });
export const SearchAnchorPageSchema = pageOf(SearchAnchorSchema);
export type SearchAnchorPage = Static<typeof SearchAnchorPageSchema>;
export const SearchLivePageSchema = pageOf(SearchLiveSchema);
export type SearchLivePage = Static<typeof SearchLivePageSchema>;

/** `GET api/Search/hot`: the most searched terms of the last 7 days (queries that found something). */
export const SearchHotSchema = Type.Object({ list: Type.Array(Type.Object({ term: Type.String(), hits: Type.Integer() }, { additionalProperties: false })) }, { additionalProperties: false });
export type SearchHot = Static<typeof SearchHotSchema>;
