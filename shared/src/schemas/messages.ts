import Type, { type Static } from 'typebox';
import { BigIdSchema } from './primitives';

/**
 * The message centre (消息中心, issue 39 part 3; server/src/messages/README.md): what the site
 * tells a member, in three tabs. 系统通知 (system): reviews, payouts, recharges, reports,
 * predictions. 互动 (interaction): replies, likes, new followers. 赛事 (match): match alerts
 * (kept 7 days).
 */

export const MESSAGE_TABS = ['system', 'interaction', 'match'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
export const MessageTabSchema = Type.Union([Type.Literal('system'), Type.Literal('interaction'), Type.Literal('match')]);

/** Messages per page of `api/Message/list`. */
export const MESSAGE_PAGE_SIZE = 20;
/** Most ids one `api/Message/read` marks. */
export const MESSAGE_READ_IDS_MAX = 100;
/** 赛事 messages are kept this many days (the retention sweep). */
export const MATCH_MESSAGE_RETENTION_DAYS = 7;
/** The badge shows 99+ beyond this. */
export const MESSAGE_BADGE_MAX = 99;

export const MemberMessageSchema = Type.Object(
  {
    id: BigIdSchema,
    tab: MessageTabSchema,
    /** What happened (anchor_approved, reply, post_like, new_follower, prediction_won …). */
    kind: Type.String(),
    title: Type.String(),
    body: Type.String(),
    /** A page of this site (`#/…`), or null. */
    link: Type.Union([Type.String(), Type.Null()]),
    /** ISO instant; shown in China time. */
    created_at: Type.String(),
    read: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type MemberMessage = Static<typeof MemberMessageSchema>;

// ---- GET api/Message/list?tab=&cursor= (login): newest first, keyset by id ----
export const MessageListQuerySchema = Type.Object(
  {
    tab: MessageTabSchema,
    /** The previous page's next_cursor: messages older than it. */
    cursor: Type.Optional(BigIdSchema),
  },
  { additionalProperties: false },
);
export type MessageListQuery = Static<typeof MessageListQuerySchema>;
export const MessageListSchema = Type.Object({ list: Type.Array(MemberMessageSchema), next_cursor: Type.Union([BigIdSchema, Type.Null()]) }, { additionalProperties: false });
export type MessageList = Static<typeof MessageListSchema>;

// ---- GET api/Message/unreadCount (login) ----
export const MessageUnreadCountSchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    system: Type.Integer({ minimum: 0 }),
    interaction: Type.Integer({ minimum: 0 }),
    match: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MessageUnreadCount = Static<typeof MessageUnreadCountSchema>;

// ---- POST api/Message/read {id} | {ids} (login): my messages read ----
export const MessageReadRequestSchema = Type.Object(
  {
    id: Type.Optional(BigIdSchema),
    ids: Type.Optional(Type.Array(BigIdSchema, { minItems: 1, maxItems: MESSAGE_READ_IDS_MAX })),
  },
  { additionalProperties: false },
);
export type MessageReadRequest = Static<typeof MessageReadRequestSchema>;

// ---- POST api/Message/readAll {tab?} (login): every message (of a tab) read ----
export const MessageReadAllRequestSchema = Type.Object({ tab: Type.Optional(MessageTabSchema) }, { additionalProperties: false });
export type MessageReadAllRequest = Static<typeof MessageReadAllRequestSchema>;

