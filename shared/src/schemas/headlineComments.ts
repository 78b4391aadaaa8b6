import Type, { type Static } from 'typebox';
import { COMMUNITY_PAGE_SIZE_MAX, CommunityCursorSchema, PostCommentReplySchema } from './community';
import { COMMENT_TEXT_MAX } from './limits';
import { BigIdSchema, MultilineString } from './primitives';

/**
 * Comments on headline articles (issue 14; server/src/community/headlines/README.md, "Comments").
 * SPEC.md names no call for them, so they are in the `api/Headlines*` family and shaped as the
 * circle's comments (community.ts) with `headline_id` where a post's comment has `post_id`:
 * `POST api/Headlines/commentList`, `POST api/Headlines_user/comment`, and for likes and deletes
 * `api/Headlines_user/commentLikes` / `deleteComment` with the circle's request and answer shapes
 * (CommentLikeRequestSchema, CommentDeleteRequestSchema, CommunityDeleteResultSchema).
 * Reports: `POST api/moderation/report` with kind `headline` (the article) or `comment`.
 */

const Count = Type.Integer({ minimum: 0 });
const { post_id: _postId, ...commonProperties } = PostCommentReplySchema.properties;

export const HeadlineCommentReplySchema = Type.Object({ ...commonProperties, headline_id: BigIdSchema }, { additionalProperties: false });
export type HeadlineCommentReply = Static<typeof HeadlineCommentReplySchema>;

export const HeadlineCommentSchema = Type.Object(
  { ...HeadlineCommentReplySchema.properties, reply_count: Count, replies: Type.Array(HeadlineCommentReplySchema) },
  { additionalProperties: false },
);
export type HeadlineComment = Static<typeof HeadlineCommentSchema>;

/** `POST api/Headlines_user/comment` (login): a comment (1-500) on a published article, or with `reply_to` a reply to one of its comments. */
export const HeadlineCommentRequestSchema = Type.Object(
  { headline_id: BigIdSchema, text: MultilineString({ minLength: 1, maxLength: COMMENT_TEXT_MAX }), reply_to: Type.Optional(BigIdSchema) },
  { additionalProperties: false },
);
export type HeadlineCommentRequest = Static<typeof HeadlineCommentRequestSchema>;

/** `POST api/Headlines/commentList`: top comments oldest first with their first replies folded in; with `root_id`, that thread's replies. */
export const HeadlineCommentListRequestSchema = Type.Object(
  {
    headline_id: BigIdSchema,
    root_id: Type.Optional(BigIdSchema),
    cursor: Type.Optional(CommunityCursorSchema),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMUNITY_PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type HeadlineCommentListRequest = Static<typeof HeadlineCommentListRequestSchema>;

export const HeadlineCommentPageSchema = Type.Object(
  { list: Type.Array(HeadlineCommentSchema), next_cursor: Type.Union([Type.String(), Type.Null()]), comment_count: Count },
  { additionalProperties: false },
);
export type HeadlineCommentPage = Static<typeof HeadlineCommentPageSchema>;
