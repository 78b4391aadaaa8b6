import Type, { type Static } from 'typebox';
import { BigIdSchema, MultilineString } from './primitives';
import { PAGE_MAX, PAGE_SIZE_MAX, Page } from './scores';
import { RoomTypeSchema, StreamStatusSchema } from './live';
import { ACTIVITY_TITLE_MAX, ACTIVITY_URL_MAX, ANCHOR_INTRODUCTION_MAX, ANCHOR_INTRODUCTION_MIN, ANCHOR_SAMPLE_MAX, REAL_NAME_MAX, REAL_NAME_MIN, REJECT_REASON_MAX, REJECT_REASON_MIN, WATCH_HEARTBEAT_SECONDS_MAX } from './limits';

/**
 * The member centre (issue 12; SPEC.md sections 2, 6, 7): real-name verification
 * (`api/Member/verified`, `getVerifiedInfo`), anchor applications (`api/Member/applyAnchor`,
 * `anchorApplication`, the ops review queue), another user's public page (`api/User/getUserInfo`),
 * watch history (`api/User/watchRecord`, `watchlistList`) and activity banners
 * (`api/Activity_Config/getActivityUrl`, ops `api/ops/activities`). The server validates with
 * these and mf-member types its calls from them.
 *
 * Sensitive data never travels whole: a real name and an ID number are answered masked only.
 */

const Id = BigIdSchema;
const Count = Type.Integer({ minimum: 0 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const IsoTime = Type.String();
const NullableIsoTime = Type.Union([Type.String(), Type.Null()]);
const ISO_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?(Z|[+-][0-9]{2}:[0-9]{2})$';
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
};

// ---- Real-name verification: api/Member/verified, api/Member/getVerifiedInfo ----

export const ID_NUMBER_LENGTH = 18;

/** `POST api/Member/verified`: the legal name (Chinese, 2-30, `·` allowed) and the 18-character resident ID number. */
export const VerifyRealNameRequestSchema = Type.Object(
  {
    name: Type.String({ minLength: REAL_NAME_MIN, maxLength: REAL_NAME_MAX }),
    /** 17 digits and a check character (a digit or X; x is read as X). */
    id_number: Type.String({ minLength: ID_NUMBER_LENGTH, maxLength: ID_NUMBER_LENGTH, pattern: '^[0-9]{17}[0-9Xx]$' }),
  },
  { additionalProperties: false },
);
export type VerifyRealNameRequest = Static<typeof VerifyRealNameRequestSchema>;

/** The member's verification: masked name (`张*三`) and ID (`1****************X`); null while not verified. */
export const VerifiedInfoSchema = Type.Object({
  is_verified: Flag,
  name: Type.Union([Type.String(), Type.Null()]),
  id_number: Type.Union([Type.String(), Type.Null()]),
  verified_at: NullableIsoTime,
});
export type VerifiedInfo = Static<typeof VerifiedInfoSchema>;

// ---- Anchor applications: api/Member/applyAnchor, api/Member/anchorApplication, ops ----

/** What the applicant will broadcast: the live room types (1 football, 2 basketball, 3 esports, 4 general). */
export const AnchorCategorySchema = RoomTypeSchema;
export type AnchorCategory = Static<typeof AnchorCategorySchema>;

/** `POST api/Member/applyAnchor` (member type 7). `sample`: an https address of a past broadcast or video. */
export const ApplyAnchorRequestSchema = Type.Object(
  {
    category: AnchorCategorySchema,
    introduction: MultilineString({ minLength: ANCHOR_INTRODUCTION_MIN, maxLength: ANCHOR_INTRODUCTION_MAX }),
    sample: Type.String({ maxLength: ANCHOR_SAMPLE_MAX, pattern: '^https://[^\\s]+$' }),
  },
  { additionalProperties: false },
);
export type ApplyAnchorRequest = Static<typeof ApplyAnchorRequestSchema>;

export const AnchorApplicationStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
export type AnchorApplicationState = Static<typeof AnchorApplicationStateSchema>;

/** One application as its applicant sees it. `reject_reason` only when rejected; `reviewed_at` once reviewed. */
export const AnchorApplicationSchema = Type.Object({
  id: Id,
  category: AnchorCategorySchema,
  introduction: Type.String(),
  sample: Type.String(),
  state: AnchorApplicationStateSchema,
  reject_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: IsoTime,
  reviewed_at: NullableIsoTime,
});
export type AnchorApplication = Static<typeof AnchorApplicationSchema>;

/** `GET api/Member/anchorApplication`: my latest application, null when I never applied. */
export const MyAnchorApplicationSchema = Type.Union([AnchorApplicationSchema, Type.Null()]);
export type MyAnchorApplication = Static<typeof MyAnchorApplicationSchema>;

/** `GET api/ops/anchorApplications?state=pending&page=`: the review queue (pending: oldest first; else newest first). */
export const AnchorApplicationsQuerySchema = Type.Object({ state: Type.Optional(AnchorApplicationStateSchema), ...PageFields });
export type AnchorApplicationsQuery = Static<typeof AnchorApplicationsQuerySchema>;

/** An application as ops review it: the applicant and their masked legal name. */
export const OpsAnchorApplicationSchema = Type.Object({
  ...AnchorApplicationSchema.properties,
  user_id: Id,
  user_nickname: Type.String(),
  real_name: Type.String(),
});
export type OpsAnchorApplication = Static<typeof OpsAnchorApplicationSchema>;
export const OpsAnchorApplicationPageSchema = Page(OpsAnchorApplicationSchema);
export type OpsAnchorApplicationPage = Static<typeof OpsAnchorApplicationPageSchema>;

export const AnchorApplicationIdParamsSchema = Type.Object({ id: Id });
export type AnchorApplicationIdParams = Static<typeof AnchorApplicationIdParamsSchema>;

/** `POST api/ops/anchorApplications/:id/reject`. */
export const RejectAnchorApplicationRequestSchema = Type.Object(
  { reason: Type.String({ minLength: REJECT_REASON_MIN, maxLength: REJECT_REASON_MAX }) },
  { additionalProperties: false },
);
export type RejectAnchorApplicationRequest = Static<typeof RejectAnchorApplicationRequestSchema>;

/** A review's outcome: the application now, and the applicant's room once approved. */
export const AnchorApplicationReviewSchema = Type.Object({
  application: OpsAnchorApplicationSchema,
  room_id: Type.Union([Id, Type.Null()]),
});
export type AnchorApplicationReview = Static<typeof AnchorApplicationReviewSchema>;

// ---- Another user's public page: api/User/getUserInfo ----

export const UserIdQuerySchema = Type.Object({ user_id: Id });
export type UserIdQuery = Static<typeof UserIdQuerySchema>;

/** The user's room as their page shows it. */
export const PublicRoomSchema = Type.Object({
  room_id: Id,
  title: Type.String(),
  type: RoomTypeSchema,
  cover: Type.String(),
  stream_status: StreamStatusSchema,
  is_live: Flag,
});
export type PublicRoom = Static<typeof PublicRoomSchema>;

/** What anyone may see of a user: never the mobile, balance, real name or ID number. */
export const PublicUserInfoSchema = Type.Object({
  id: Id,
  user_nickname: Type.String(),
  avatar: Type.String(),
  level: Count,
  is_anchor: Flag,
  room: Type.Union([PublicRoomSchema, Type.Null()]),
  fans: Count,
  /** 1 when the signed-in viewer follows this user; 0 for guests. */
  is_attention: Flag,
});
export type PublicUserInfo = Static<typeof PublicUserInfoSchema>;

// ---- Watch history: api/User/watchRecord, api/User/watchlistList ----

/**
 * `POST api/User/watchRecord`: the room page's heartbeat while a member watches. The last beat of
 * a closing tab goes as `navigator.sendBeacon`, which cannot say X-Requested-With: it carries the
 * `beacon_token` of an earlier answer instead (the CSRF rule's narrow proof for this one route).
 */
export const WatchRecordRequestSchema = Type.Object(
  {
    room_id: Id,
    seconds: Type.Integer({ minimum: 1, maximum: WATCH_HEARTBEAT_SECONDS_MAX }),
    beacon_token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type WatchRecordRequest = Static<typeof WatchRecordRequestSchema>;
/**
 * What the heartbeat counted (at most the wall time since the last one) and today's total in the
 * room, with a fresh beacon token for the tab-close beat (valid WATCH_BEACON_TOKEN_TTL_SECONDS,
 * for this session and route only).
 */
export const WatchRecordResultSchema = Type.Object({ room_id: Id, counted_seconds: Count, today_seconds: Count, beacon_token: Type.String() });
export type WatchRecordResult = Static<typeof WatchRecordResultSchema>;

export const WatchlistQuerySchema = Type.Object(PageFields);
export type WatchlistQuery = Static<typeof WatchlistQuerySchema>;

/** One room I watched: newest first. */
export const WatchlistItemSchema = Type.Object({
  room_id: Id,
  title: Type.String(),
  anchor_id: Id,
  anchor_nickname: Type.String(),
  cover: Type.String(),
  stream_status: StreamStatusSchema,
  is_live: Flag,
  last_watched_at: IsoTime,
  total_seconds: Count,
});
export type WatchlistItem = Static<typeof WatchlistItemSchema>;
export const WatchlistPageSchema = Page(WatchlistItemSchema);
export type WatchlistPage = Static<typeof WatchlistPageSchema>;

// ---- Activity banners: api/Activity_Config/getActivityUrl, ops api/ops/activities ----

export const ActivityTargetSchema = Type.Union([Type.Literal('_self'), Type.Literal('_blank')]);
export type ActivityTarget = Static<typeof ActivityTargetSchema>;

/** A banner as the page shows it while its window is open. */
export const ActivitySchema = Type.Object({
  id: Id,
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  target: ActivityTargetSchema,
  starts_at: IsoTime,
  ends_at: IsoTime,
});
export type Activity = Static<typeof ActivitySchema>;
export const ActivityListSchema = Type.Array(ActivitySchema);

/**
 * `POST api/ops/activities`: creates a banner, or updates banner `id`. `image`: https or
 * `/uploads/<hex>.<ext>`; `link`: https or a site path under `/web/`; `ends_at` after `starts_at`.
 */
export const SaveActivityRequestSchema = Type.Object(
  {
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: ACTIVITY_TITLE_MAX }),
    image: Type.String({ minLength: 1, maxLength: ACTIVITY_URL_MAX, pattern: '^(https://[^\\s]+|/uploads/[0-9a-f]+\\.[a-z]+)$' }),
    link: Type.String({ minLength: 1, maxLength: ACTIVITY_URL_MAX, pattern: '^(https://[^\\s]+|/web/[^\\s]*)$' }),
    target: ActivityTargetSchema,
    starts_at: Type.String({ maxLength: 40, pattern: ISO_TIME_PATTERN }),
    ends_at: Type.String({ maxLength: 40, pattern: ISO_TIME_PATTERN }),
  },
  { additionalProperties: false },
);
export type SaveActivityRequest = Static<typeof SaveActivityRequestSchema>;

export const ActivityIdParamsSchema = Type.Object({ id: Id });
export type ActivityIdParams = Static<typeof ActivityIdParamsSchema>;
export const OpsActivitiesQuerySchema = Type.Object(PageFields);
export type OpsActivitiesQuery = Static<typeof OpsActivitiesQuerySchema>;
export const ActivityPageSchema = Page(ActivitySchema);
export type ActivityPage = Static<typeof ActivityPageSchema>;

// ---- Invitations: api/Member/inviteList ----

/** `GET api/Member/inviteList?page=`: whom I invited with my invite code, newest first. */
export const InviteListQuerySchema = Type.Object(PageFields);
export type InviteListQuery = Static<typeof InviteListQuerySchema>;
/** One member who registered with my invite code (public fields only). */
export const InviteeSchema = Type.Object({ user_id: Id, user_nickname: Type.String(), avatar: Type.String(), level: Count, joined_at: IsoTime });
export type Invitee = Static<typeof InviteeSchema>;
export const InviteePageSchema = Page(InviteeSchema);
