import Type, { type Static } from 'typebox';
import { CLIP_OFFSET_MAX_SECONDS, MEDIA_LIST_LIMIT_MAX } from './limits';
import { BigIdSchema } from './primitives';

/**
 * Clips and replays (issue 34). A clip is a faststart MP4 cut by stream copy from a room's
 * archived HLS segments: automatically for a match event (a goal, a penalty, a red card; in
 * basketball the end of a quarter and late lead changes), or by a person (剪辑: the last 30 s).
 * A replay is a whole broadcast kept as HLS (回放). Times are ISO 8601 with an offset; offsets
 * within media are milliseconds. Lists page by an opaque keyset `cursor` (`next_cursor`).
 */

const IsoTime = Type.String({ format: 'date-time' });
const NullableId = Type.Union([BigIdSchema, Type.Null()]);
const NextCursor = Type.Union([Type.String(), Type.Null()]);

/** Whose room a clip or a replay comes from. */
export const MediaAnchorSchema = Type.Object({ user_id: BigIdSchema, user_nickname: Type.String(), avatar: Type.String() }, { additionalProperties: false });
export type MediaAnchor = Static<typeof MediaAnchorSchema>;

/** An opaque keyset cursor (the server's encoding; clients pass back `next_cursor`). */
export const MediaCursorSchema = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,80}$', maxLength: 80 });

/**
 * What made the clip: `goal`, `penalty` (a goal from the spot, or a penalty awarded), `red_card`,
 * `quarter_end` (basketball: the last 24 s of a quarter), `lead_change` (basketball: in the last
 * two minutes), `person` (剪辑 by a viewer, an admin or the anchor).
 */
export const ClipKindSchema = Type.Union([Type.Literal('goal'), Type.Literal('penalty'), Type.Literal('red_card'), Type.Literal('quarter_end'), Type.Literal('lead_change'), Type.Literal('person')]);
export type ClipKind = Static<typeof ClipKindSchema>;
/** Every kind, in the schema's order (one list: the database's CHECK in migration 0031 names the same). */
export const CLIP_KINDS: readonly ClipKind[] = ClipKindSchema.anyOf.map((literal) => literal.const);
/** The kinds the score feed cuts by itself (every kind but a person's 剪辑). */
export const FEED_CLIP_KINDS: readonly Exclude<ClipKind, 'person'>[] = CLIP_KINDS.filter((kind): kind is Exclude<ClipKind, 'person'> => kind !== 'person');

/** `cutting` until the MP4 is written; `ready` playable; `failed` (the span was no longer kept, the disk was full…: `failure` says which). */
export const ClipStatusSchema = Type.Union([Type.Literal('cutting'), Type.Literal('ready'), Type.Literal('failed')]);
export type ClipStatus = Static<typeof ClipStatusSchema>;

export const ClipSchema = Type.Object(
  {
    id: BigIdSchema,
    title: Type.String(),
    kind: ClipKindSchema,
    status: ClipStatusSchema,
    /** Why a failed clip failed, in Chinese for the viewer; null otherwise. */
    failure: Type.Union([Type.String(), Type.Null()]),
    /** The MP4 (faststart) and its thumbnail (JPEG), paths on this site; null until ready. */
    video_url: Type.Union([Type.String(), Type.Null()]),
    thumb_url: Type.Union([Type.String(), Type.Null()]),
    duration_ms: Type.Integer({ minimum: 0 }),
    /** When the moment happened (the event's time, or when the person pressed 剪辑). */
    happened_at: IsoTime,
    created_at: IsoTime,
    room_id: BigIdSchema,
    anchor: MediaAnchorSchema,
    match_id: NullableId,
    /** The feed event it shows (unique: one clip per event), null for a person's clip. */
    event_id: NullableId,
    /** The match minute shown on the event (67'), null for a person's clip. */
    minute: Type.Union([Type.String(), Type.Null()]),
    /** Who made a person's clip; null for a feed clip. */
    creator: Type.Union([Type.Object({ user_id: BigIdSchema, user_nickname: Type.String() }, { additionalProperties: false }), Type.Null()]),
    /** 1: the viewer may rename and delete it (its creator, the room's anchor). */
    can_edit: Type.Union([Type.Literal(0), Type.Literal(1)]),
  },
  { additionalProperties: false },
);
export type Clip = Static<typeof ClipSchema>;
export const ClipPageSchema = Type.Object({ list: Type.Array(ClipSchema), next_cursor: NextCursor }, { additionalProperties: false });
export type ClipPage = Static<typeof ClipPageSchema>;

/** `GET api/Clip/list?match_id=|room_id=|latest=1&cursor=&limit=`: newest first, ready clips only (one of the three selectors). */
export const ClipListQuerySchema = Type.Object(
  {
    match_id: Type.Optional(BigIdSchema),
    room_id: Type.Optional(BigIdSchema),
    latest: Type.Optional(Type.Literal(1)),
    /** Only feed clips of these kinds (the home widget's 进球集锦: goal,penalty). */
    kinds: Type.Optional(Type.String({ pattern: '^[a-z_]{3,12}(,[a-z_]{3,12}){0,5}$', maxLength: 80 })),
    cursor: Type.Optional(MediaCursorSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEDIA_LIST_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
export type ClipListQuery = Static<typeof ClipListQuerySchema>;

/** `GET api/Clip/info?id=`. */
export const ClipInfoQuerySchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
/** `POST api/Clip/create {room_id, title?}` (login): the room's last 30 s; answered at once with the clip `cutting`. */
export const ClipCreateRequestSchema = Type.Object({ room_id: BigIdSchema, title: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });
export type ClipCreateRequest = Static<typeof ClipCreateRequestSchema>;
/** `POST api/Clip/update {id, title}` (its creator or the room's anchor). */
export const ClipUpdateRequestSchema = Type.Object({ id: BigIdSchema, title: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export type ClipUpdateRequest = Static<typeof ClipUpdateRequestSchema>;
/** `POST api/Clip/delete {id}` (its creator or the room's anchor). */
export const ClipDeleteRequestSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type ClipDeleteRequest = Static<typeof ClipDeleteRequestSchema>;

/** An event on a replay's or a live room's seek bar: where (ms from the start of the media) and what. */
export const MediaMarkerSchema = Type.Object(
  {
    at_ms: Type.Integer({ minimum: 0 }),
    kind: ClipKindSchema,
    /** The minute and what happened: 67' 进球 曼城 2-1. */
    label: Type.String(),
    /** The event's clip, when one was cut. */
    clip_id: NullableId,
  },
  { additionalProperties: false },
);
export type MediaMarker = Static<typeof MediaMarkerSchema>;

/**
 * `ready` watchable; `recording` still on air (its replay comes within 60 s of the end); `hidden` by
 * its anchor (only the anchor sees it); `failed`: nothing could be kept (the storage was full…),
 * `failure` says why (only the anchor sees it).
 */
export const ReplayStatusSchema = Type.Union([Type.Literal('recording'), Type.Literal('ready'), Type.Literal('hidden'), Type.Literal('failed')]);
export type ReplayStatus = Static<typeof ReplayStatusSchema>;

export const ReplaySchema = Type.Object(
  {
    id: BigIdSchema,
    room_id: BigIdSchema,
    title: Type.String(),
    anchor: MediaAnchorSchema,
    match_id: NullableId,
    started_at: IsoTime,
    ended_at: Type.Union([IsoTime, Type.Null()]),
    duration_ms: Type.Integer({ minimum: 0 }),
    status: ReplayStatusSchema,
    /** The first frame of the broadcast's picture (JPEG), null when none was kept. */
    thumb_url: Type.Union([Type.String(), Type.Null()]),
    /** 1: the viewer is its anchor (may hide or delete it). */
    can_edit: Type.Union([Type.Literal(0), Type.Literal(1)]),
    /** Why a failed replay failed, in Chinese for its anchor; null otherwise (absent from older servers). */
    failure: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type Replay = Static<typeof ReplaySchema>;
export const ReplayPageSchema = Type.Object({ list: Type.Array(ReplaySchema), next_cursor: NextCursor }, { additionalProperties: false });
export type ReplayPage = Static<typeof ReplayPageSchema>;

/** `GET api/Live/replayList?room_id=|anchor_id=|match_id=&cursor=&limit=`: newest first. */
export const ReplayListQuerySchema = Type.Object(
  {
    room_id: Type.Optional(BigIdSchema),
    anchor_id: Type.Optional(BigIdSchema),
    match_id: Type.Optional(BigIdSchema),
    cursor: Type.Optional(MediaCursorSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEDIA_LIST_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
export type ReplayListQuery = Static<typeof ReplayListQuerySchema>;

/** `GET api/Live/replayInfo?id=`: the replay with its HLS playlist (VOD, #EXT-X-ENDLIST) and the match's events as markers. */
export const ReplayInfoQuerySchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export const ReplayInfoSchema = Type.Object(
  { replay: ReplaySchema, playlist_url: Type.String(), markers: Type.Array(MediaMarkerSchema) },
  { additionalProperties: false },
);
export type ReplayInfo = Static<typeof ReplayInfoSchema>;

/** `POST api/Live/replayUpdate {id, hidden}` and `POST api/Live/replayDelete {id}` (the replay's anchor). */
export const ReplayUpdateRequestSchema = Type.Object({ id: BigIdSchema, hidden: Type.Union([Type.Literal(0), Type.Literal(1)]) }, { additionalProperties: false });
export type ReplayUpdateRequest = Static<typeof ReplayUpdateRequestSchema>;
export const ReplayDeleteRequestSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type ReplayDeleteRequest = Static<typeof ReplayDeleteRequestSchema>;

/**
 * A live room's time-shift window (回看), in room info's answer: the DVR playlist (HLS, the
 * broadcast's kept segments within `DVR_WINDOW_MINUTES`, with program date times), its span, and
 * the match's events as markers (ms from the window's start). Null while the room is not live.
 */
export const RoomDvrSchema = Type.Object(
  { playlist_url: Type.String(), window_start_at: IsoTime, markers: Type.Array(MediaMarkerSchema) },
  { additionalProperties: false },
);
export type RoomDvr = Static<typeof RoomDvrSchema>;

/**
 * `POST api/Live/setClipOffset {room_id?, clip_offset_seconds}` (the room's anchor, the owner
 * console): the feed-to-stream offset added to an event's time before its clip is cut (later
 * clips only). room_id defaults to the anchor's room.
 */
export const ClipOffsetRequestSchema = Type.Object(
  {
    room_id: Type.Optional(BigIdSchema),
    clip_offset_seconds: Type.Integer({ minimum: -CLIP_OFFSET_MAX_SECONDS, maximum: CLIP_OFFSET_MAX_SECONDS }),
  },
  { additionalProperties: false },
);
export type ClipOffsetRequest = Static<typeof ClipOffsetRequestSchema>;
export const ClipOffsetSchema = Type.Object(
  { room_id: BigIdSchema, clip_offset_seconds: Type.Integer({ minimum: -CLIP_OFFSET_MAX_SECONDS, maximum: CLIP_OFFSET_MAX_SECONDS }) },
  { additionalProperties: false },
);
export type ClipOffset = Static<typeof ClipOffsetSchema>;
