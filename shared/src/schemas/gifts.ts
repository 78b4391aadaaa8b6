import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from './primitives';
import { PAGE_MAX, PAGE_SIZE_MAX, Page } from './scores';
import { GIFT_COUNT_MAX } from './limits';

/**
 * Gifts in live rooms (issue 13; SPEC.md section 7: `api/Gift/getList`, `getUserGiftList`,
 * `api/member/handselGift`; the room contribution board `api/Gift/roomRank`). Prices and amounts
 * are whole coins.
 */

const Count = Type.Integer({ minimum: 0 });

/** How big the page's animation is: 1 a chat line only, 2 a banner over the player, 3 full screen. */
export const GIFT_TIERS = [1, 2, 3] as const;
export type GiftTier = (typeof GIFT_TIERS)[number];
const Tier = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** One gift of the catalogue; `icon` is a path under /static/gifts/. */
export const GiftSchema = Type.Object(
  { id: Int4IdSchema, name: Type.String(), icon: Type.String(), price: Type.Integer({ minimum: 1 }), tier: Tier, combo: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  { additionalProperties: false },
);
export type Gift = Static<typeof GiftSchema>;
export const GiftListSchema = Type.Array(GiftSchema);
export type GiftList = Static<typeof GiftListSchema>;

/** `GET api/member/handselGift?room_id=&gift_id=&count=` (login; header Idempotency-Key). */
export const HandselGiftQuerySchema = Type.Object(
  { room_id: BigIdSchema, gift_id: Int4IdSchema, count: Type.Integer({ minimum: 1, maximum: GIFT_COUNT_MAX }) },
  { additionalProperties: false },
);
export type HandselGiftQuery = Static<typeof HandselGiftQuerySchema>;

/** The send as applied (a retry with the same key answers the first send's result). */
export const HandselGiftResultSchema = Type.Object(
  {
    record_id: BigIdSchema,
    gift_id: Int4IdSchema,
    count: Type.Integer({ minimum: 1 }),
    /** Coins spent: price × count. */
    coins: Type.Integer({ minimum: 1 }),
    /** The sender's coins after this send. */
    balance: Count,
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type HandselGiftResult = Static<typeof HandselGiftResultSchema>;

/** `GET api/Gift/getUserGiftList?type=sent|received&page=&page_size=`: newest first. */
export const UserGiftListQuerySchema = Type.Object(
  {
    type: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type UserGiftListQuery = Static<typeof UserGiftListQuerySchema>;

export const UserGiftSchema = Type.Object(
  {
    id: BigIdSchema,
    gift_id: Int4IdSchema,
    gift_name: Type.String(),
    gift_icon: Type.String(),
    count: Type.Integer({ minimum: 1 }),
    coins: Type.Integer({ minimum: 1 }),
    room_id: BigIdSchema,
    /** The other side: the anchor for `sent`, the sender for `received`. */
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type UserGift = Static<typeof UserGiftSchema>;
export const UserGiftPageSchema = Page(UserGiftSchema);
export type UserGiftPage = Static<typeof UserGiftPageSchema>;

/** `GET api/Gift/roomRank?room_id=&period=day|week`: top senders by coins in the room this China day / week (Monday first). */
export const RoomRankQuerySchema = Type.Object({ room_id: BigIdSchema, period: Type.Union([Type.Literal('day'), Type.Literal('week')]) }, { additionalProperties: false });
export type RoomRankQuery = Static<typeof RoomRankQuerySchema>;
export const ROOM_RANK_SIZE = 20;
export const RoomRankEntrySchema = Type.Object(
  { rank: Type.Integer({ minimum: 1 }), user_id: BigIdSchema, user_nickname: Type.String(), avatar: Type.String(), coins: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const RoomRankSchema = Type.Object({ period: Type.Union([Type.Literal('day'), Type.Literal('week')]), since: Type.String(), list: Type.Array(RoomRankEntrySchema) }, { additionalProperties: false });
export type RoomRank = Static<typeof RoomRankSchema>;
