import Type, { type Static } from 'typebox';
import { FAN_MEDAL_MAX_LEVEL, FAN_MEDAL_NAME_MAX } from '../fanMedals/fanMedalLevels';
import { BigIdSchema } from './primitives';

/**
 * Fan medals (粉丝勋章, issue 35; server/src/fanMedals/README.md): the API in the envelope.
 * `api/FanMedal/list` (the member's medals), `wear` (one, or none), `roomFans` (an anchor's fans
 * list 粉丝榜, top by intimacy, keyset), `setName` (the anchor names the medal). Times are ISO.
 */

const Level = Type.Integer({ minimum: 1, maximum: FAN_MEDAL_MAX_LEVEL });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** One of the member's medals. */
export const FanMedalSchema = Type.Object(
  {
    anchor_id: BigIdSchema,
    anchor_nickname: Type.String(),
    anchor_avatar: Type.String(),
    /** The anchor's room (null: none yet). */
    room_id: Type.Union([BigIdSchema, Type.Null()]),
    /** The medal's name (the anchor's, or the default: the first characters of the anchor's nickname). */
    name: Type.String(),
    intimacy: Type.Integer({ minimum: 0 }),
    level: Level,
    /** Intimacy where the next level starts; null at LV20. */
    next_level_at: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** 0: greyed (no interaction for 7 days); 1: lit. */
    lit: Flag,
    last_interaction_at: Type.String(),
    /** 1: the medal the member wears (shown on their chat lines in every room). */
    worn: Flag,
    /** Today's (China day) intimacy from watching and from chat lines, against their caps. */
    today_watch: Type.Integer({ minimum: 0 }),
    today_chat: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type FanMedal = Static<typeof FanMedalSchema>;

/** `GET api/FanMedal/list` (login): the member's medals, highest intimacy first, and the daily caps. */
export const FanMedalListSchema = Type.Object(
  {
    list: Type.Array(FanMedalSchema),
    /** The worn medal's anchor, null when none is worn. */
    worn_anchor_id: Type.Union([BigIdSchema, Type.Null()]),
    watch_cap: Type.Integer({ minimum: 0 }),
    chat_cap: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type FanMedalList = Static<typeof FanMedalListSchema>;

/** `POST api/FanMedal/wear` (login): `{anchor_id}` wears that medal, `{anchor_id: null}` takes it off. */
export const FanMedalWearRequestSchema = Type.Object({ anchor_id: Type.Union([BigIdSchema, Type.Null()]) }, { additionalProperties: false });
export type FanMedalWearRequest = Static<typeof FanMedalWearRequestSchema>;
export const FanMedalWearResultSchema = Type.Object({ worn_anchor_id: Type.Union([BigIdSchema, Type.Null()]) }, { additionalProperties: false });
export type FanMedalWearResult = Static<typeof FanMedalWearResultSchema>;

/** A keyset cursor of the fans list (the server's encoding; pass back `next_cursor`). */
export const FanMedalCursorSchema = Type.String({ pattern: '^[0-9]{1,16}\\.[0-9]{1,16}\\.[0-9]{1,9}$', maxLength: 45 });
export const FAN_MEDAL_FANS_PAGE_MAX = 50;

/** `GET api/FanMedal/roomFans?anchor_id=|room_id=&cursor=&limit=`: one of anchor_id or room_id. */
export const FanMedalRoomFansQuerySchema = Type.Object(
  {
    anchor_id: Type.Optional(BigIdSchema),
    room_id: Type.Optional(BigIdSchema),
    cursor: Type.Optional(FanMedalCursorSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FAN_MEDAL_FANS_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type FanMedalRoomFansQuery = Static<typeof FanMedalRoomFansQuerySchema>;

export const FanMedalFanSchema = Type.Object(
  {
    rank: Type.Integer({ minimum: 1 }),
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    avatar: Type.String(),
    intimacy: Type.Integer({ minimum: 0 }),
    level: Level,
    lit: Flag,
  },
  { additionalProperties: false },
);
export type FanMedalFan = Static<typeof FanMedalFanSchema>;

/** The anchor's fans list (粉丝榜): highest intimacy first (then who got the medal first). */
export const FanMedalRoomFansSchema = Type.Object(
  {
    anchor_id: BigIdSchema,
    /** The anchor's medal name (as the fans' badges show it). */
    name: Type.String(),
    /** 1 when the anchor set the name; 0: the default. */
    named: Flag,
    /** Fans of the anchor (members with the medal). */
    total: Type.Integer({ minimum: 0 }),
    list: Type.Array(FanMedalFanSchema),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type FanMedalRoomFans = Static<typeof FanMedalRoomFansSchema>;

/** `POST api/FanMedal/setName` (the anchor): 2-4 characters, through the word filter. */
export const FanMedalSetNameRequestSchema = Type.Object({ name: Type.String({ maxLength: FAN_MEDAL_NAME_MAX * 8 }) }, { additionalProperties: false });
export type FanMedalSetNameRequest = Static<typeof FanMedalSetNameRequestSchema>;
export const FanMedalSetNameResultSchema = Type.Object({ anchor_id: BigIdSchema, name: Type.String() }, { additionalProperties: false });
export type FanMedalSetNameResult = Static<typeof FanMedalSetNameResultSchema>;
