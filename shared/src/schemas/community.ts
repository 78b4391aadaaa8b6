import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema, MultilineString } from './primitives';
import { COMMENT_REMOVED_TEXT, COMMENT_TEXT_MAX, FEED_VIEWS, POST_IMAGES_MAX, POST_TEXT_MAX } from './limits';

/**
 * The community's posts (issue 14; SPEC.md section 7: `api/anchor_dynamics_user/{insert,likes,
 * comment,commentLikes}`, `api/anchor_dynamics/{info,userPostList,commentList}`; the feed and the
 * topics, which SPEC.md does not list, are `GET api/anchor_dynamics/list` and `GET
 * api/anchor_dynamics/topics`; deleting is `POST api/anchor_dynamics_user/delete` and
 * `deleteComment`). Every list pages by an opaque `cursor` (the last page's `next_cursor`, null
 * at the end), never by page number. All text is plain text: render it as React text.
 */

const Count = Type.Integer({ minimum: 0 });

/** Replies shown under each top comment in `commentList`; the rest through `root_id`. */
export const FOLDED_REPLIES = 3;
export const COMMUNITY_PAGE_SIZE_DEFAULT = 20;
export const COMMUNITY_PAGE_SIZE_MAX = 50;

/** An opaque keyset cursor (the server's encoding; clients only pass back `next_cursor`). */
export const CommunityCursorSchema = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,80}$', maxLength: 80 });
const PageSize = Type.Integer({ minimum: 1, maximum: COMMUNITY_PAGE_SIZE_MAX });
const NextCursor = Type.Union([Type.String(), Type.Null()]);

/** Who wrote a post or comment. `avatar` is a URL ('' for none); `level` from the member's exp. */
export const CommunityAuthorSchema = Type.Object(
  { id: BigIdSchema, nickname: Type.String(), avatar: Type.String(), level: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type CommunityAuthor = Static<typeof CommunityAuthorSchema>;

/** A topic (足球, 篮球, 电竞, 综合, 世界杯…): `GET api/anchor_dynamics/topics` lists them in order. */
export const CommunityTopicSchema = Type.Object({ id: Int4IdSchema, name: Type.String() }, { additionalProperties: false });
export type CommunityTopic = Static<typeof CommunityTopicSchema>;
export const CommunityTopicListSchema = Type.Array(CommunityTopicSchema);
export type CommunityTopicList = Static<typeof CommunityTopicListSchema>;

/** The match a post is about: link to the match page. */
export const PostMatchSchema = Type.Object(
  { id: BigIdSchema, home_team: Type.String(), away_team: Type.String(), home_score: Count, away_score: Count, kickoff_at: Type.String() },
  { additionalProperties: false },
);
export type PostMatch = Static<typeof PostMatchSchema>;

/** The live room a post links: link to the room. */
export const PostRoomSchema = Type.Object({ id: BigIdSchema, title: Type.String(), anchor_nickname: Type.String() }, { additionalProperties: false });
export type PostRoom = Static<typeof PostRoomSchema>;

/** One post as every list and `info` show it. */
export const PostSchema = Type.Object(
  {
    id: BigIdSchema,
    author: CommunityAuthorSchema,
    /** Plain text (line breaks kept): render as text, never as HTML. */
    text: Type.String(),
    /** Upload-store URLs (`/uploads/<name>`), 0 to 9, in the author's order. */
    images: Type.Array(Type.String(), { maxItems: POST_IMAGES_MAX }),
    topic: Type.Union([CommunityTopicSchema, Type.Null()]),
    match: Type.Union([PostMatchSchema, Type.Null()]),
    room: Type.Union([PostRoomSchema, Type.Null()]),
    like_count: Count,
    /** Visible comments and replies (not deleted, not hidden). */
    comment_count: Count,
    /** Always false for guests. */
    liked_by_me: Type.Boolean(),
    /** Is the signed-in member the author (may delete it)? */
    is_mine: Type.Boolean(),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type Post = Static<typeof PostSchema>;

export const PostPageSchema = Type.Object({ list: Type.Array(PostSchema), next_cursor: NextCursor }, { additionalProperties: false });
export type PostPage = Static<typeof PostPageSchema>;

export type FeedView = (typeof FEED_VIEWS)[number];

/**
 * `GET api/anchor_dynamics/list?view=&topic_id=&cursor=&page_size=`: the circle's feed. `latest`
 * newest first; `hot` by a score of likes, comments and age (newer posts with the same
 * engagement rank higher); `following` newest first among the anchors I follow (login).
 */
export const FeedQuerySchema = Type.Object(
  {
    view: Type.Optional(Type.Union([Type.Literal('latest'), Type.Literal('hot'), Type.Literal('following')])),
    topic_id: Type.Optional(Int4IdSchema),
    cursor: Type.Optional(CommunityCursorSchema),
    page_size: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type FeedQuery = Static<typeof FeedQuerySchema>;

/** `GET api/anchor_dynamics/userPostList?user_id=&cursor=&page_size=`: a user's posts, newest first (no `user_id`: mine, login). */
export const UserPostListQuerySchema = Type.Object(
  { user_id: Type.Optional(BigIdSchema), cursor: Type.Optional(CommunityCursorSchema), page_size: Type.Optional(PageSize) },
  { additionalProperties: false },
);
export type UserPostListQuery = Static<typeof UserPostListQuerySchema>;

/** `GET api/anchor_dynamics/info?id=`: one post (hidden or deleted: error COMMUNITY_POST_NOT_FOUND). */
export const PostInfoQuerySchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type PostInfoQuery = Static<typeof PostInfoQuerySchema>;

/**
 * `POST api/anchor_dynamics_user/insert` (login): text and/or images (at least one of them);
 * images are the member's own uploads (`api/upload` answers); at most one of match and room.
 */
export const PostInsertRequestSchema = Type.Object(
  {
    text: MultilineString({ maxLength: POST_TEXT_MAX }),
    images: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: POST_IMAGES_MAX })),
    topic_id: Type.Optional(Int4IdSchema),
    match_id: Type.Optional(BigIdSchema),
    room_id: Type.Optional(BigIdSchema),
  },
  { additionalProperties: false },
);
export type PostInsertRequest = Static<typeof PostInsertRequestSchema>;

/** `POST api/anchor_dynamics_user/likes` (login): `like` 1 like, 0 unlike, absent toggle. */
export const PostLikeRequestSchema = Type.Object(
  { post_id: BigIdSchema, like: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) },
  { additionalProperties: false },
);
export type PostLikeRequest = Static<typeof PostLikeRequestSchema>;
export const PostLikeResultSchema = Type.Object({ post_id: BigIdSchema, liked: Type.Boolean(), like_count: Count }, { additionalProperties: false });
export type PostLikeResult = Static<typeof PostLikeResultSchema>;

/** `POST api/anchor_dynamics_user/commentLikes` (login): like toggles as for posts. */
export const CommentLikeRequestSchema = Type.Object(
  { comment_id: BigIdSchema, like: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) },
  { additionalProperties: false },
);
export type CommentLikeRequest = Static<typeof CommentLikeRequestSchema>;
export const CommentLikeResultSchema = Type.Object({ comment_id: BigIdSchema, liked: Type.Boolean(), like_count: Count }, { additionalProperties: false });
export type CommentLikeResult = Static<typeof CommentLikeResultSchema>;

/** `POST api/anchor_dynamics_user/comment` (login): a comment on the post, or with `reply_to` a reply to one of its comments. */
export const CommentRequestSchema = Type.Object(
  { post_id: BigIdSchema, text: MultilineString({ minLength: 1, maxLength: COMMENT_TEXT_MAX }), reply_to: Type.Optional(BigIdSchema) },
  { additionalProperties: false },
);
export type CommentRequest = Static<typeof CommentRequestSchema>;

/** A reply (or a comment without its folded replies). */
export const PostCommentReplySchema = Type.Object(
  {
    id: BigIdSchema,
    post_id: BigIdSchema,
    /** The top comment of the thread; null for a top comment. */
    root_id: Type.Union([BigIdSchema, Type.Null()]),
    /** Whom a reply answers (a reply to a reply names that reply's author; '' when that comment is removed); null for a top comment. */
    reply_to: Type.Union([Type.Object({ comment_id: BigIdSchema, nickname: Type.String() }, { additionalProperties: false }), Type.Null()]),
    /** Null when `removed`. */
    author: Type.Union([CommunityAuthorSchema, Type.Null()]),
    /** Plain text; COMMENT_REMOVED_TEXT when `removed`. */
    text: Type.String(),
    /** A deleted or hidden top comment kept as a placeholder because it has replies. */
    removed: Type.Boolean(),
    like_count: Count,
    liked_by_me: Type.Boolean(),
    is_mine: Type.Boolean(),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type PostCommentReply = Static<typeof PostCommentReplySchema>;

/** A top comment with its first FOLDED_REPLIES replies (oldest first) and how many it has. */
export const PostCommentSchema = Type.Object(
  { ...PostCommentReplySchema.properties, reply_count: Count, replies: Type.Array(PostCommentReplySchema) },
  { additionalProperties: false },
);
export type PostComment = Static<typeof PostCommentSchema>;

/**
 * `POST api/anchor_dynamics/commentList`: a post's top comments, oldest first, each with its
 * first replies folded in; with `root_id`, that comment's replies (oldest first, `replies` empty).
 */
export const CommentListRequestSchema = Type.Object(
  { post_id: BigIdSchema, root_id: Type.Optional(BigIdSchema), cursor: Type.Optional(CommunityCursorSchema), page_size: Type.Optional(PageSize) },
  { additionalProperties: false },
);
export type CommentListRequest = Static<typeof CommentListRequestSchema>;
export const PostCommentPageSchema = Type.Object(
  { list: Type.Array(PostCommentSchema), next_cursor: NextCursor, comment_count: Count },
  { additionalProperties: false },
);
export type PostCommentPage = Static<typeof PostCommentPageSchema>;

/** `POST api/anchor_dynamics_user/delete` (login, the author): the post leaves every list. */
export const PostDeleteRequestSchema = Type.Object({ post_id: BigIdSchema }, { additionalProperties: false });
export type PostDeleteRequest = Static<typeof PostDeleteRequestSchema>;
/** `POST api/anchor_dynamics_user/deleteComment` (login, the author): answers the post's comment count after. */
export const CommentDeleteRequestSchema = Type.Object({ comment_id: BigIdSchema }, { additionalProperties: false });
export type CommentDeleteRequest = Static<typeof CommentDeleteRequestSchema>;
export const CommunityDeleteResultSchema = Type.Object({ id: BigIdSchema, comment_count: Type.Optional(Count) }, { additionalProperties: false });
export type CommunityDeleteResult = Static<typeof CommunityDeleteResultSchema>;
