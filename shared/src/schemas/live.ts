import Type, { type Static } from 'typebox';
import { BigIdSchema, MultilineString } from './primitives';
import { RoomDvrSchema } from './clips';
import { MatchStatusSchema, PAGE_MAX, PAGE_SIZE_MAX, ScoreSportSchema, Page } from './scores';
import { FOLLOWER_KEYWORD_MAX, ROOM_PLACARD_MAX, ROOM_TITLE_MAX, SCHEDULE_TITLE_MAX } from './limits';

/**
 * Live rooms (issue 5; SPEC.md sections 2, 3, 6, 7): requests and answers of `api/Live/*`,
 * `api/Live_streaming/*`, `api/Member/attention`, `api/User/attentionList`,
 * `api/User/anchorExperienceList`, `api/tenxun/getRoomAdmin|setRoomAdmin` and the ops anchor switch.
 * The server validates with these and mf-live types its calls from them.
 *
 * Conventions: flags the page shows are 0/1 integers (`is_live`, `is_attention`, …) as SPEC.md's
 * `is_anchor`; times are ISO 8601 strings; `online` is the chat group's member count as the
 * server sees it (the page shows `online + ONLINE_COUNT_BONUS`, SPEC.md section 9).
 */

/** Users, rooms, matches, schedules: bigint rows. */
const Id = BigIdSchema;
const Count = Type.Integer({ minimum: 0 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const IsoTime = Type.String();
const NullableIsoTime = Type.Union([Type.String(), Type.Null()]);

export const ROOM_COVER_MAX = 300;
/** A room has at most this many admins besides its owner. */
export const ROOM_ADMINS_MAX = 10;
/** The longest timed mute (30 days); longer means "until lifted" (omit `minutes`). */
export const MUTE_MINUTES_MAX = 43_200;
/** An ISO 8601 instant with its offset: 2026-11-22T19:30:00+08:00 or …Z. */
const ISO_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?(Z|[+-][0-9]{2}:[0-9]{2})$';

/** 1 football, 2 basketball, 3 esports, 4 general. */
export const RoomTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type RoomType = Static<typeof RoomTypeSchema>;
/** The live list's filter: 0 all, else a room type (SPEC.md section 2, route `anchor`). */
export const LiveListTypeSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type LiveListType = Static<typeof LiveListTypeSchema>;

/** What the ingest sees: 'live' while a push is publishing. */
export const StreamStatusSchema = Type.Union([Type.Literal('live'), Type.Literal('offline')]);
export type StreamStatus = Static<typeof StreamStatusSchema>;

const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
};

// ---- Pieces ----

/** The anchor as a card shows them. */
export const AnchorSchema = Type.Object({
  anchor_id: Id,
  user_nickname: Type.String(),
  avatar: Type.String(),
  /** How many users follow this anchor. */
  fans: Count,
});
export type Anchor = Static<typeof AnchorSchema>;

/** The match a room shows (score-live) or a schedule is about: enough for a card. */
export const RoomMatchSchema = Type.Object({
  match_id: Id,
  sport: ScoreSportSchema,
  competition_short_zh: Type.String(),
  home_team_name_zh: Type.String(),
  away_team_name_zh: Type.String(),
  kickoff_at: IsoTime,
  status: MatchStatusSchema,
  /** "67'", "中场", "完场", "未开赛", … */
  match_str: Type.String(),
  home_score: Count,
  away_score: Count,
});
export type RoomMatch = Static<typeof RoomMatchSchema>;

/** A room in a list (live list, search, follows): the anchor, the title, the live state. */
export const LiveRoomCardSchema = Type.Object({
  room_id: Id,
  anchor: AnchorSchema,
  title: Type.String(),
  type: RoomTypeSchema,
  cover: Type.String(),
  /**
   * The card's picture: while live, a recent frame of the stream (`/live/thumb/room<id>.jpg?v=…`,
   * the version moves with each refresh); otherwise the category's placeholder (`/live/thumb/football.svg`…).
   */
  thumb: Type.String(),
  /** The anchor opened the room (startRoom) and has not closed it. */
  is_open: Flag,
  stream_status: StreamStatusSchema,
  /** 1 while the stream is publishing: what the list's LIVE badge shows. */
  is_live: Flag,
  /** Chat group member count (shown + ONLINE_COUNT_BONUS). */
  online: Count,
  /** The chat group of the room: the anchor's user id as a string. */
  group_id: Type.String(),
  match: Type.Union([RoomMatchSchema, Type.Null()]),
});
export type LiveRoomCard = Static<typeof LiveRoomCardSchema>;

/** The viewer's relation to a room. */
export const ViewerRoleSchema = Type.Union([Type.Literal('guest'), Type.Literal('member'), Type.Literal('admin'), Type.Literal('owner')]);
export type ViewerRole = Static<typeof ViewerRoleSchema>;

/** `GET api/Live_streaming/getRoomInfo`: the room for a viewer. */
/**
 * A room's state as pages show it (server/src/live/media/roomState.ts, docs/flows/room-state.md):
 * `live` a push is on air; `paused` no push but the room is open (主播暂时离开); `ended` no push and
 * the anchor ended the room (直播已结束); `idle` closed and never broadcast (未开播).
 */
export const RoomStreamStateSchema = Type.Union([Type.Literal('live'), Type.Literal('paused'), Type.Literal('ended'), Type.Literal('idle')]);
export type RoomStreamState = Static<typeof RoomStreamStateSchema>;

/** The room's newest ready replay, for the player's notice while not live (直播已结束 · 看回放). */
export const LastReplaySchema = Type.Object({ replay_id: Id, title: Type.String(), duration_ms: Type.Integer({ minimum: 0 }) });
export type LastReplay = Static<typeof LastReplaySchema>;

export const LiveRoomInfoSchema = Type.Object({
  ...LiveRoomCardSchema.properties,
  placard: Type.String(),
  stream_started_at: NullableIsoTime,
  /** HTTP-FLV (mpegts.js) and HLS (hls.js fallback; null when none is made). */
  flv: Type.String(),
  hls: Type.Union([Type.String(), Type.Null()]),
  /** 1: the viewer follows the anchor (always 0 for guests). */
  is_attention: Flag,
  viewer_role: ViewerRoleSchema,
  /** 1: the viewer is muted in this room now. */
  is_muted: Flag,
  /** When the viewer's mute ends (live_room_mute.until); null when not muted or muted until lifted. */
  muted_until: NullableIsoTime,
  /** The room's state (RoomStreamStateSchema); chat system lines carry its changes (cloudCustomData.roomState). */
  room_state: Type.Optional(RoomStreamStateSchema),
  /** Time-shift (回看): the DVR window and the match's markers; null while not live (or nothing kept yet). Absent from servers without an archive. */
  dvr: Type.Optional(Type.Union([RoomDvrSchema, Type.Null()])),
  /** While the room is paused or ended: its newest watchable replay (the player's 看回放 link); null when none or live. */
  last_replay: Type.Optional(Type.Union([LastReplaySchema, Type.Null()])),
});
export type LiveRoomInfo = Static<typeof LiveRoomInfoSchema>;

/** The anchor's own room as its owner manages it (createRoom, getRoomList, updates). */
export const OwnLiveRoomSchema = Type.Object({
  room_id: Id,
  title: Type.String(),
  type: RoomTypeSchema,
  cover: Type.String(),
  placard: Type.String(),
  match_id: Type.Union([Id, Type.Null()]),
  is_open: Flag,
  stream_status: StreamStatusSchema,
  is_live: Flag,
  stream_started_at: NullableIsoTime,
  group_id: Type.String(),
  created_at: IsoTime,
  /** The feed-to-stream offset of the room's clips, −60…60 s (issue 34; POST api/Live/setClipOffset). */
  clip_offset_seconds: Type.Optional(Type.Integer({ minimum: -60, maximum: 60 })),
});
export type OwnLiveRoom = Static<typeof OwnLiveRoomSchema>;
export const OwnLiveRoomListSchema = Type.Array(OwnLiveRoomSchema);

// ---- The anchor's room: api/Live ----

const RoomTitleSchema = Type.String({ minLength: 1, maxLength: ROOM_TITLE_MAX });
/** A site path (an upload) or an http(s) address; never `javascript:` or another scheme. */
const CoverSchema = Type.String({ maxLength: ROOM_COVER_MAX, pattern: '^(|/[^\\s]*|https?://[^\\s]+)$' });

/** `POST api/Live/createRoom` (anchors only, one room each). */
export const CreateRoomRequestSchema = Type.Object(
  { title: RoomTitleSchema, type: RoomTypeSchema, cover: Type.Optional(CoverSchema) },
  { additionalProperties: false },
);
export type CreateRoomRequest = Static<typeof CreateRoomRequestSchema>;

/** `GET api/Live/startRoom`, `endRoom`: the caller's own room (room_id optional, checked). */
export const OwnRoomQuerySchema = Type.Object({ room_id: Type.Optional(Id) });
export type OwnRoomQuery = Static<typeof OwnRoomQuerySchema>;

/** `GET api/Live/setTitle`. */
export const SetTitleQuerySchema = Type.Object({ title: RoomTitleSchema, room_id: Type.Optional(Id) });
export type SetTitleQuery = Static<typeof SetTitleQuerySchema>;

/** `GET api/Live/updateLive`: any of type, cover, match (match_id 0 clears it). */
export const UpdateLiveQuerySchema = Type.Object({
  room_id: Type.Optional(Id),
  type: Type.Optional(RoomTypeSchema),
  cover: Type.Optional(CoverSchema),
  match_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
});
export type UpdateLiveQuery = Static<typeof UpdateLiveQuerySchema>;

/** `POST api/Live/setPlacard` (empty clears it; the owner's textarea may break lines). */
export const SetPlacardRequestSchema = Type.Object(
  { placard: MultilineString({ maxLength: ROOM_PLACARD_MAX }), room_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type SetPlacardRequest = Static<typeof SetPlacardRequestSchema>;

/** `GET api/Live/getPlacard` (anyone). */
export const RoomIdQuerySchema = Type.Object({ room_id: Id });
export type RoomIdQuery = Static<typeof RoomIdQuerySchema>;
export const PlacardSchema = Type.Object({ room_id: Id, placard: Type.String() });
export type Placard = Static<typeof PlacardSchema>;

/**
 * `GET api/Live/ban1`: ban 1 mutes `user_id` in the room for `minutes` (omitted: until lifted),
 * ban 0 lifts it. The owner and the room's admins may; an admin cannot mute the owner or an admin.
 */
export const Ban1QuerySchema = Type.Object({
  room_id: Id,
  user_id: Id,
  ban: Flag,
  minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MUTE_MINUTES_MAX })),
});
export type Ban1Query = Static<typeof Ban1QuerySchema>;
export const MuteStateSchema = Type.Object({
  room_id: Id,
  user_id: Id,
  is_muted: Flag,
  /** Null: until lifted (or not muted). */
  until: NullableIsoTime,
});
export type MuteState = Static<typeof MuteStateSchema>;

// ---- Schedules and reservations ----

/** `POST api/Live/setReserveLiveNew`: the anchor will broadcast a match (again: updates it). */
export const SetReserveLiveRequestSchema = Type.Object(
  {
    match_id: Id,
    title: Type.Optional(Type.String({ maxLength: SCHEDULE_TITLE_MAX })),
    /** ISO 8601; default the match's kick-off. Must not be in the past. */
    starts_at: Type.Optional(Type.String({ maxLength: 40, pattern: ISO_TIME_PATTERN })),
  },
  { additionalProperties: false },
);
export type SetReserveLiveRequest = Static<typeof SetReserveLiveRequestSchema>;

/** `GET api/Live/deleteReserveLive`: the anchor's own schedule. */
export const ScheduleIdQuerySchema = Type.Object({ id: Id });
export type ScheduleIdQuery = Static<typeof ScheduleIdQuerySchema>;

/** An anchor's scheduled broadcast of a match, as lists show it. */
export const LiveScheduleSchema = Type.Object({
  id: Id,
  room_id: Id,
  anchor: AnchorSchema,
  title: Type.String(),
  starts_at: IsoTime,
  match: RoomMatchSchema,
  /** Viewers who reserved it. */
  reservations: Count,
  /** 1: the viewer reserved it (0 for guests). */
  is_reserved: Flag,
  /** 1: the room is live now. */
  is_live: Flag,
});
export type LiveSchedule = Static<typeof LiveScheduleSchema>;

/** `POST api/Live/reserveMatch`: toggles, or sets with `reserve`. */
export const ReserveMatchRequestSchema = Type.Object({ match_id: Id, reserve: Type.Optional(Flag) }, { additionalProperties: false });
export type ReserveMatchRequest = Static<typeof ReserveMatchRequestSchema>;
/** `POST api/Live/reserveMatch2`: toggles, or sets with `reserve`. */
export const ReserveScheduleRequestSchema = Type.Object({ schedule_id: Id, reserve: Type.Optional(Flag) }, { additionalProperties: false });
export type ReserveScheduleRequest = Static<typeof ReserveScheduleRequestSchema>;
export const ReserveResultSchema = Type.Object({ is_reserved: Flag });
export type ReserveResult = Static<typeof ReserveResultSchema>;

/**
 * `GET api/Live_streaming/getReserveLiveList`: upcoming schedules, soonest first; `match_id`: only
 * that match's; `room_id`: only that room's (the room page and its owner console).
 */
export const ReserveLiveListQuerySchema = Type.Object({ type: Type.Optional(LiveListTypeSchema), match_id: Type.Optional(Id), room_id: Type.Optional(Id), ...PageFields });
export type ReserveLiveListQuery = Static<typeof ReserveLiveListQuerySchema>;
export const LiveSchedulePageSchema = Page(LiveScheduleSchema);

/** One of my reservations: a match (reserveMatch) or a scheduled broadcast (reserveMatch2). */
export const UserReservationSchema = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('match'), Type.Literal('schedule')]),
  match: RoomMatchSchema,
  /** Set when kind is 'schedule'. */
  schedule: Type.Union([LiveScheduleSchema, Type.Null()]),
  created_at: IsoTime,
});
export type UserReservation = Static<typeof UserReservationSchema>;
export const UserReservationPageSchema = Page(UserReservationSchema);

// ---- Lists: api/Live_streaming ----

/**
 * `GET api/Live_streaming/getLiveList`: live rooms first (most online first), then open, then the
 * rest; `match_id`: only the rooms showing that match (score-live).
 */
export const LiveListQuerySchema = Type.Object({ type: Type.Optional(LiveListTypeSchema), match_id: Type.Optional(Id), ...PageFields });
export type LiveListQuery = Static<typeof LiveListQuerySchema>;
export const LiveRoomPageSchema = Page(LiveRoomCardSchema);

/** Ranking period: the last 7 days, the last 30 days, or all time. */
export const RankingPeriodSchema = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('all')]);
export type RankingPeriod = Static<typeof RankingPeriodSchema>;
export const RANKING_SIZE_MAX = 50;
/** `GET api/Live_streaming/roomRanking`. */
export const RoomRankingQuerySchema = Type.Object({
  period: Type.Optional(RankingPeriodSchema),
  type: Type.Optional(LiveListTypeSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RANKING_SIZE_MAX })),
});
export type RoomRankingQuery = Static<typeof RoomRankingQuerySchema>;
/**
 * One ranked room. score = fans × 10 + broadcast minutes in the period + peak viewers in the
 * period + coins of gifts received in the period (documented in server/README.md "Live rooms");
 * ties by room id.
 */
export const RoomRankingItemSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  room: LiveRoomCardSchema,
  fans: Count,
  broadcast_seconds: Count,
  peak_viewers: Count,
  gift_coins: Count,
  score: Count,
});
export type RoomRankingItem = Static<typeof RoomRankingItemSchema>;
export const RoomRankingSchema = Type.Object({ period: RankingPeriodSchema, list: Type.Array(RoomRankingItemSchema) });
export type RoomRanking = Static<typeof RoomRankingSchema>;

// ---- Follows: api/Member/attention, api/User/attentionList ----

/** `POST api/Member/attention`: toggles, or sets with `attention` (1 follow, 0 unfollow). */
export const AttentionRequestSchema = Type.Object({ anchor_id: Id, attention: Type.Optional(Flag) }, { additionalProperties: false });
export type AttentionRequest = Static<typeof AttentionRequestSchema>;
export const AttentionResultSchema = Type.Object({ anchor_id: Id, is_attention: Flag, fans: Count });
export type AttentionResult = Static<typeof AttentionResultSchema>;

/** One anchor I follow, live ones first. room null: the anchor has no room yet. */
export const AttentionItemSchema = Type.Object({
  anchor: AnchorSchema,
  room: Type.Union([LiveRoomCardSchema, Type.Null()]),
  followed_at: IsoTime,
});
export type AttentionItem = Static<typeof AttentionItemSchema>;
export const AttentionPageSchema = Page(AttentionItemSchema);

// ---- My followers: api/Live/followerList (the owner console's admin picker) ----

/**
 * `GET api/Live/followerList` (members): the caller's own followers, newest follow first;
 * `keyword`: only those whose nickname contains it (case-insensitive, `%` and `_` literal).
 */
export const FollowerListQuerySchema = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: FOLLOWER_KEYWORD_MAX })), ...PageFields });
export type FollowerListQuery = Static<typeof FollowerListQuerySchema>;
/** One follower of mine; `is_admin` 1: already an admin of my room. */
export const FollowerSchema = Type.Object({
  user_id: Id,
  user_nickname: Type.String(),
  avatar: Type.String(),
  is_admin: Flag,
  followed_at: IsoTime,
});
export type Follower = Static<typeof FollowerSchema>;
export const FollowerPageSchema = Page(FollowerSchema);

// ---- Broadcast records: api/User/anchorExperienceList ----

export const BroadcastRecordSchema = Type.Object({
  id: Id,
  room_id: Id,
  title: Type.String(),
  started_at: IsoTime,
  /** Null while the broadcast is on. */
  ended_at: NullableIsoTime,
  duration_seconds: Type.Union([Count, Type.Null()]),
  peak_viewers: Count,
});
export type BroadcastRecord = Static<typeof BroadcastRecordSchema>;
export const BroadcastRecordPageSchema = Page(BroadcastRecordSchema);

// ---- Room admins: api/tenxun ----

export const RoomAdminSchema = Type.Object({ user_id: Id, user_nickname: Type.String(), avatar: Type.String() });
export type RoomAdmin = Static<typeof RoomAdminSchema>;
export const RoomAdminListSchema = Type.Object({ room_id: Id, max: Count, list: Type.Array(RoomAdminSchema) });
export type RoomAdminList = Static<typeof RoomAdminListSchema>;
/** `GET api/tenxun/setRoomAdmin` (owner only): type 1 makes `user_id` an admin of the owner's room, 0 removes. */
export const SetRoomAdminQuerySchema = Type.Object({ user_id: Id, type: Flag, room_id: Type.Optional(Id) });
export type SetRoomAdminQuery = Static<typeof SetRoomAdminQuerySchema>;

// ---- Ops ----

/** `POST /api/ops/anchors` (ops token): grant or revoke anchor status by mobile. */
export const SetAnchorRequestSchema = Type.Object(
  { mobile: Type.String({ minLength: 3, maxLength: 16, pattern: '^[0-9]{1,4}-[0-9]{1,11}$' }), is_anchor: Flag },
  { additionalProperties: false },
);
export type SetAnchorRequest = Static<typeof SetAnchorRequestSchema>;
export const SetAnchorResultSchema = Type.Object({ user_id: Id, mobile: Type.String(), is_anchor: Flag });
export type SetAnchorResult = Static<typeof SetAnchorResultSchema>;

// ---- Push address: api/Live/getLiveUrl (media ingest) ----

/** `GET api/Live/getLiveUrl?reset=1` rotates the stream key: addresses handed out before stop working. */
export const LiveUrlQuerySchema = Type.Object({ reset: Type.Optional(Flag) });
export type LiveUrlQuery = Static<typeof LiveUrlQuerySchema>;
/** What OBS needs (server + stream key) and the whole address for ffmpeg, each with a copy button. */
export const LiveUrlSchema = Type.Object({
  room_id: Id,
  /** `room<id>`: the stream name on the ingest. */
  stream_name: Type.String(),
  /** OBS "Server": rtmp://host:port/live. */
  push_server: Type.String(),
  /** OBS "Stream key": room<id>?sign=<expiry>-<signature>. */
  stream_key: Type.String(),
  /** push_server + '/' + stream_key (ffmpeg … -f flv <push_url>). */
  push_url: Type.String(),
  expires_at: IsoTime,
  /** Playback addresses of the room (as getRoomInfo gives them). */
  flv: Type.String(),
  hls: Type.Union([Type.String(), Type.Null()]),
});
export type LiveUrl = Static<typeof LiveUrlSchema>;
