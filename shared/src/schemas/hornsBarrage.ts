import Type, { type Static } from 'typebox';
import { CHAT_MESSAGE_MAX_LENGTH } from '../chat/chatClient';
import { ChatMedalSchema } from '../chat/protocol';
import { BigIdSchema, Int4IdSchema } from './primitives';

/**
 * Horns and barrage (issue 13; SPEC.md section 7: `api/Member/sneHorn`, `api/Member/hornList`,
 * `api/Barrage/getList`, `api/Barrage/send`). Prices and amounts are whole coins; texts are
 * cleaned and bounded by the chat's rule (CHAT_MESSAGE_MAX_LENGTH characters after cleaning).
 */

/**
 * What a text field may carry before cleaning (the server answers the chat's own 消息太长 for
 * more than CHAT_MESSAGE_MAX_LENGTH characters after cleaning; this only bounds the request).
 */
const RawText = Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX_LENGTH * 4 });
const Cursor = Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 });

/** At most this many horns in one page of api/Member/hornList. */
export const HORN_PAGE_SIZE_MAX = 50;
/** Horns in a page of api/Member/hornList when page_size is not given. */
export const HORN_PAGE_SIZE_DEFAULT = 20;

/** `GET api/Member/sneHorn?text=` (login; header Idempotency-Key): a paid message shown in every room. */
export const SneHornQuerySchema = Type.Object({ text: RawText }, { additionalProperties: false });
export type SneHornQuery = Static<typeof SneHornQuerySchema>;

/** One horn as lists show it. */
export const HornSchema = Type.Object(
  {
    id: BigIdSchema,
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    avatar: Type.String(),
    /** The sender's level when the horn was sent. */
    level: Type.Integer({ minimum: 1 }),
    text: Type.String(),
    coins: Type.Integer({ minimum: 1 }),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type Horn = Static<typeof HornSchema>;

/** The horn as applied, and the sender's coins after it (a retry with the same key answers the first). */
export const SneHornResultSchema = Type.Object({ horn: HornSchema, balance: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
export type SneHornResult = Static<typeof SneHornResultSchema>;

/** `GET api/Member/hornList?cursor=&page_size=`: recent horns, newest first, by cursor (the last page's `next_cursor`). */
export const HornListQuerySchema = Type.Object(
  { cursor: Type.Optional(Cursor), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: HORN_PAGE_SIZE_MAX })) },
  { additionalProperties: false },
);
export type HornListQuery = Static<typeof HornListQuerySchema>;
export const HornPageSchema = Type.Object(
  { list: Type.Array(HornSchema), next_cursor: Type.Union([Type.String(), Type.Null()]), price: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type HornPage = Static<typeof HornPageSchema>;

/** Where a danmaku shows over the video: flying right to left, or fixed at the top or bottom. */
export const BARRAGE_POSITIONS = ['scroll', 'top', 'bottom'] as const;
export type BarragePosition = (typeof BARRAGE_POSITIONS)[number];
const Position = Type.Union([Type.Literal('scroll'), Type.Literal('top'), Type.Literal('bottom')]);

/** A danmaku style on offer: price 0 is free; min_level 1 is anyone's. */
export const BarrageStyleSchema = Type.Object(
  {
    id: Int4IdSchema,
    name: Type.String(),
    /** `#rrggbb`. */
    color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    position: Position,
    price: Type.Integer({ minimum: 0 }),
    min_level: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type BarrageStyle = Static<typeof BarrageStyleSchema>;

/** One danmaku of a room's history; style_id null: the default (white, scrolling). */
export const BarrageSchema = Type.Object(
  {
    id: BigIdSchema,
    room_id: BigIdSchema,
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    level: Type.Integer({ minimum: 1 }),
    text: Type.String(),
    style_id: Type.Union([Int4IdSchema, Type.Null()]),
    color: Type.String(),
    position: Position,
    created_at: Type.String(),
    /**
     * The fan medal (粉丝勋章) the sender wears, as a line of theirs in this room shows it now
     * (issue 35: on every danmaku, the history too); absent when none is worn.
     */
    medal: Type.Optional(ChatMedalSchema),
  },
  { additionalProperties: false },
);
export type Barrage = Static<typeof BarrageSchema>;

/** `GET api/Barrage/getList?room_id=`: the styles on offer and the room's recent danmaku (oldest first). */
export const BarrageListQuerySchema = Type.Object({ room_id: BigIdSchema }, { additionalProperties: false });
export type BarrageListQuery = Static<typeof BarrageListQuerySchema>;
export const BarrageListSchema = Type.Object({ styles: Type.Array(BarrageStyleSchema), list: Type.Array(BarrageSchema) }, { additionalProperties: false });
export type BarrageList = Static<typeof BarrageListSchema>;

/** `GET api/Barrage/send?room_id=&text=&style_id=` (login; a paid style needs the Idempotency-Key header). */
export const BarrageSendQuerySchema = Type.Object({ room_id: BigIdSchema, text: RawText, style_id: Type.Optional(Int4IdSchema) }, { additionalProperties: false });
export type BarrageSendQuery = Static<typeof BarrageSendQuerySchema>;
/** The danmaku as sent, its price (0 free) and the sender's coins after it. */
export const BarrageSendResultSchema = Type.Object(
  { barrage: BarrageSchema, coins: Type.Integer({ minimum: 0 }), balance: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type BarrageSendResult = Static<typeof BarrageSendResultSchema>;
