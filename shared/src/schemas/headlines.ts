import Type, { type Static } from 'typebox';
import { ClipSchema } from './clips';
import { BigIdSchema, MultilineString } from './primitives';
import { PAGE_SIZE_MAX } from './scores';
import { HEADLINE_BODY_MAX, HEADLINE_RELATED_MATCHES_MAX, HEADLINE_SUMMARY_MAX, HEADLINE_TITLE_MAX, MEDIA_LIST_LIMIT_MAX } from './limits';

/**
 * Headlines (issue 14; SPEC.md sections 1, 2, 7: `api/Headlines/classifyList`,
 * `api/Headlines_user/insert`, `api/Portal_post/getList2`): categories, articles newest first
 * paged by cursor, the article page, a member's reads and likes, the portal feed and the ops editor.
 *
 * Bodies are written in a small Markdown subset (paragraphs, `#`-`###` headings, `**bold**`,
 * `*italic*`, `-` / `1.` lists, `[text](https://…)` links, `![alt](/uploads/… or /static/…)` images)
 * and rendered to HTML by the server's own escaping renderer: `body_html` is the only HTML the
 * site ever inserts (everything else is text), and it holds only the tags p, h2, h3, h4, strong,
 * em, ul, ol, li, a (href http(s) or a site path; rel="noopener noreferrer nofollow"
 * target="_blank"), img (src from the upload store or /static), br.
 */

const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A keyset cursor of a newest-first list: `<epoch ms>_<id>` of the last item of the previous page. */
export const HEADLINE_CURSOR_PATTERN = '^[0-9]{1,15}_[1-9][0-9]{0,14}$';
const Cursor = Type.String({ pattern: HEADLINE_CURSOR_PATTERN, maxLength: 31 });

/** A category key: lowercase letters, digits and dashes (`football`, `basketball`, `esports`, `general`). */
export const HEADLINE_CATEGORY_KEY_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
const CategoryKey = Type.String({ pattern: HEADLINE_CATEGORY_KEY_PATTERN, maxLength: 32 });

export const HEADLINE_COVER_MAX = 300;
/** The portal feed's size when `limit` is not given, and its ceiling. */
export const PORTAL_FEED_DEFAULT = 10;
export const PORTAL_FEED_MAX = 30;

/** One category of `api/Headlines/classifyList`, in display order. */
export const HeadlineCategorySchema = Type.Object({ id: BigIdSchema, key: CategoryKey, name: Type.String() }, { additionalProperties: false });
export type HeadlineCategory = Static<typeof HeadlineCategorySchema>;
export const HeadlineCategoryListSchema = Type.Array(HeadlineCategorySchema);
export type HeadlineCategoryList = Static<typeof HeadlineCategoryListSchema>;

/** `GET api/Headlines/getList?category=&cursor=&page_size=`: published articles newest first; no category = all. */
export const HeadlineListQuerySchema = Type.Object(
  {
    category: Type.Optional(CategoryKey),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type HeadlineListQuery = Static<typeof HeadlineListQuerySchema>;

/** Where an article came from: written by an editor, the demo feed's match report, or the evergreen seed. */
export const HEADLINE_SOURCES = ['editor', 'match_report', 'seed'] as const;
export type HeadlineSource = (typeof HEADLINE_SOURCES)[number];
const Source = Type.Union([Type.Literal('editor'), Type.Literal('match_report'), Type.Literal('seed')]);

/** An article in a list. `cover` is a site path (`/uploads/…`, `/static/…`) or null. */
export const HeadlineItemSchema = Type.Object(
  {
    id: BigIdSchema,
    title: Type.String(),
    summary: Type.String(),
    cover: Nullable(Type.String()),
    category: CategoryKey,
    category_name: Type.String(),
    /** The byline (an editor's name, `赛事快讯` for match reports). */
    author: Type.String(),
    published_at: Type.String(),
    view_count: Count,
    like_count: Count,
    comment_count: Count,
  },
  { additionalProperties: false },
);
export type HeadlineItem = Static<typeof HeadlineItemSchema>;

export const HeadlinePageSchema = Type.Object({ list: Type.Array(HeadlineItemSchema), next_cursor: Nullable(Type.String()) }, { additionalProperties: false });
export type HeadlinePage = Static<typeof HeadlinePageSchema>;

/** A match the article is about (links to score-detail?id=). `score` is `2-1`, or null before kick-off. */
export const HeadlineRelatedMatchSchema = Type.Object(
  { id: BigIdSchema, home: Type.String(), away: Type.String(), score: Nullable(Type.String()), start_time: Type.String() },
  { additionalProperties: false },
);
export type HeadlineRelatedMatch = Static<typeof HeadlineRelatedMatchSchema>;

/** `GET api/Headlines/detail?id=`: a published article (an unknown or unpublished id is error HEADLINE_NOT_FOUND). */
export const HeadlineIdQuerySchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type HeadlineIdQuery = Static<typeof HeadlineIdQuerySchema>;

export const HeadlineDetailSchema = Type.Object(
  {
    ...HeadlineItemSchema.properties,
    /** Safe HTML rendered by the server from the Markdown body (see the file comment for the allowed tags). */
    body_html: Type.String(),
    related_matches: Type.Array(HeadlineRelatedMatchSchema),
    source: Source,
    /** Whether the signed-in reader likes it (false for a guest). */
    liked: Type.Boolean(),
    /**
     * A match report's replay clips (issue 34), read when the article is opened, so a clip cut
     * after the report was written is there and a deleted or hidden one is not: the match's ready
     * feed clips (goal, penalty, red_card, quarter_end, lead_change) in match order, at most
     * MEDIA_LIST_LIMIT_MAX (50).
     * Empty for every other article. Shown as data (thumbnails linking to #/clip?id=), never HTML.
     */
    clips: Type.Array(ClipSchema, { maxItems: MEDIA_LIST_LIMIT_MAX }),
  },
  { additionalProperties: false },
);
export type HeadlineDetail = Static<typeof HeadlineDetailSchema>;

/** `GET api/Headlines_user/insert?id=`: records a read (a member's history; a guest only counts, once per address and article a while). */
export const HeadlineReadResultSchema = Type.Object({ id: BigIdSchema, view_count: Count }, { additionalProperties: false });
export type HeadlineReadResult = Static<typeof HeadlineReadResultSchema>;

/** `POST api/Headlines_user/like {id}` (login): a toggle; answers the state after it and the exact count. */
export const HeadlineLikeRequestSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type HeadlineLikeRequest = Static<typeof HeadlineLikeRequestSchema>;
export const HeadlineLikeResultSchema = Type.Object({ id: BigIdSchema, liked: Type.Boolean(), like_count: Count }, { additionalProperties: false });
export type HeadlineLikeResult = Static<typeof HeadlineLikeResultSchema>;

/** `GET api/Headlines_user/history?cursor=&page_size=` (login): the member's reads, last read first (cursor of `read_at`). */
export const HeadlineHistoryQuerySchema = Type.Object(
  { cursor: Type.Optional(Cursor), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })) },
  { additionalProperties: false },
);
export type HeadlineHistoryQuery = Static<typeof HeadlineHistoryQuerySchema>;
export const HeadlineHistoryItemSchema = Type.Object({ ...HeadlineItemSchema.properties, read_at: Type.String() }, { additionalProperties: false });
export type HeadlineHistoryItem = Static<typeof HeadlineHistoryItemSchema>;
export const HeadlineHistoryPageSchema = Type.Object({ list: Type.Array(HeadlineHistoryItemSchema), next_cursor: Nullable(Type.String()) }, { additionalProperties: false });
export type HeadlineHistoryPage = Static<typeof HeadlineHistoryPageSchema>;

/** `GET api/Portal_post/getList2?limit=`: the home portal feed, top headlines interleaved with hot community posts. */
export const PortalFeedQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PORTAL_FEED_MAX })) }, { additionalProperties: false });
export type PortalFeedQuery = Static<typeof PortalFeedQuerySchema>;

/** A headline in the portal feed (links to detail?id=). */
export const PortalHeadlineEntrySchema = Type.Object({ kind: Type.Literal('headline'), headline: HeadlineItemSchema }, { additionalProperties: false });
/** A hot community post in the portal feed (links to circle-detail?id=); `text` is an excerpt, plain text. */
export const PortalPostEntrySchema = Type.Object(
  {
    kind: Type.Literal('post'),
    post: Type.Object(
      {
        id: BigIdSchema,
        text: Type.String(),
        images: Type.Array(Type.String()),
        user_id: BigIdSchema,
        user_nickname: Type.String(),
        user_avatar: Type.String(),
        like_count: Count,
        comment_count: Count,
        created_at: Type.String(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const PortalFeedEntrySchema = Type.Union([PortalHeadlineEntrySchema, PortalPostEntrySchema]);
export type PortalFeedEntry = Static<typeof PortalFeedEntrySchema>;
export const PortalFeedSchema = Type.Object({ list: Type.Array(PortalFeedEntrySchema) }, { additionalProperties: false });
export type PortalFeed = Static<typeof PortalFeedSchema>;

// ----- Ops editor (`api/ops/headlines`, ops token) -----

export const HEADLINE_STATES = ['draft', 'published', 'hidden'] as const;
export type HeadlineState = (typeof HEADLINE_STATES)[number];
const State = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('hidden')]);

/** `GET api/ops/headlines?state=&category=&cursor=&page_size=`: every article newest first by last update (cursor of `updated_at`). */
export const OpsHeadlineListQuerySchema = Type.Object(
  {
    state: Type.Optional(State),
    category: Type.Optional(CategoryKey),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type OpsHeadlineListQuery = Static<typeof OpsHeadlineListQuerySchema>;

/** An article as the editor sees it (any state), with its Markdown source. */
export const OpsHeadlineSchema = Type.Object(
  {
    id: BigIdSchema,
    title: Type.String(),
    summary: Type.String(),
    cover: Nullable(Type.String()),
    category: CategoryKey,
    author: Type.String(),
    body: Type.String(),
    related_match_ids: Type.Array(BigIdSchema),
    state: State,
    source: Source,
    published_at: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    view_count: Count,
    like_count: Count,
    comment_count: Count,
  },
  { additionalProperties: false },
);
export type OpsHeadline = Static<typeof OpsHeadlineSchema>;
export const OpsHeadlinePageSchema = Type.Object({ list: Type.Array(OpsHeadlineSchema), next_cursor: Nullable(Type.String()) }, { additionalProperties: false });
export type OpsHeadlinePage = Static<typeof OpsHeadlinePageSchema>;

/**
 * `POST api/ops/headlines` (create, a draft) and `POST api/ops/headlines/:id` (edit; keeps its state).
 * `cover`: a site path of the upload store (`/uploads/…`) or `/static/…`, or empty/null for none.
 * `author`: the byline; empty means the ops actor's name.
 */
export const OpsHeadlineWriteSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: HEADLINE_TITLE_MAX }),
    summary: Type.Optional(Type.String({ maxLength: HEADLINE_SUMMARY_MAX })),
    category: CategoryKey,
    cover: Type.Optional(Nullable(Type.String({ maxLength: HEADLINE_COVER_MAX }))),
    author: Type.Optional(Type.String({ maxLength: 30 })),
    body: MultilineString({ minLength: 1, maxLength: HEADLINE_BODY_MAX }),
    related_match_ids: Type.Optional(Type.Array(BigIdSchema, { maxItems: HEADLINE_RELATED_MATCHES_MAX, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type OpsHeadlineWrite = Static<typeof OpsHeadlineWriteSchema>;

export const OpsHeadlineIdParamsSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type OpsHeadlineIdParams = Static<typeof OpsHeadlineIdParamsSchema>;

/** `POST api/ops/headlines/:id/state {state}`: publish (`published`), unpublish (`draft`) or hide (`hidden`). */
export const OpsHeadlineStateRequestSchema = Type.Object({ state: State }, { additionalProperties: false });
export type OpsHeadlineStateRequest = Static<typeof OpsHeadlineStateRequestSchema>;

/** `POST api/ops/headlines/preview {body}`: the body rendered exactly as the article page shows it. */
export const OpsHeadlinePreviewRequestSchema = Type.Object({ body: MultilineString({ maxLength: HEADLINE_BODY_MAX }) }, { additionalProperties: false });
export type OpsHeadlinePreviewRequest = Static<typeof OpsHeadlinePreviewRequestSchema>;
export const OpsHeadlinePreviewSchema = Type.Object({ body_html: Type.String() }, { additionalProperties: false });
export type OpsHeadlinePreview = Static<typeof OpsHeadlinePreviewSchema>;
