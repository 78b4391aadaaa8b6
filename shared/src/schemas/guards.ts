import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from './primitives';
import { GUARD_MONTHS_MAX } from './limits';

/**
 * Guards of a live room (issue 13; SPEC.md section 7: `api/Guard/getList`, `api/guard_user/buy`;
 * the room's guards `api/Guard/roomList`). A member buys a tier for N months in one room; the
 * badge (the tier's level) shows beside their name in that room's chat and danmaku. Prices and
 * amounts are whole coins; a month is GUARD_MONTH_DAYS days.
 */

/** A guard month, in days (renewals and the upgrade credit count in these). */
export const GUARD_MONTH_DAYS = 30;
/** The room's guard list answers at most this many (highest tier first). */
export const GUARD_ROOM_LIST_SIZE = 100;

/** A tier's rank: 1 lowest .. 3 highest (the badge the chat shows). */
export const GUARD_LEVELS = [1, 2, 3] as const;
export type GuardLevel = (typeof GUARD_LEVELS)[number];
const Level = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** One tier: `price` coins per month; `color` a #rrggbb for the badge; `privileges` what it gives, in words. */
export const GuardTierSchema = Type.Object(
  {
    id: Int4IdSchema,
    name: Type.String(),
    level: Level,
    price: Type.Integer({ minimum: 1 }),
    color: Type.String(),
    icon: Type.String(),
    privileges: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type GuardTier = Static<typeof GuardTierSchema>;
export const GuardTierListSchema = Type.Array(GuardTierSchema);
export type GuardTierList = Static<typeof GuardTierListSchema>;

/** `GET api/guard_user/buy?room_id=&guard_id=&months=` (login; header Idempotency-Key). */
export const GuardBuyQuerySchema = Type.Object(
  { room_id: BigIdSchema, guard_id: Int4IdSchema, months: Type.Integer({ minimum: 1, maximum: GUARD_MONTHS_MAX }) },
  { additionalProperties: false },
);
export type GuardBuyQuery = Static<typeof GuardBuyQuerySchema>;

/** What a purchase was: a first buy (or after expiry), a renewal of the same tier, an upgrade. */
export const GUARD_PURCHASE_KINDS = ['buy', 'renew', 'upgrade'] as const;
export type GuardPurchaseKind = (typeof GUARD_PURCHASE_KINDS)[number];

/** The purchase as applied (a retry with the same key answers the first purchase's result). */
export const GuardBuyResultSchema = Type.Object(
  {
    purchase_id: BigIdSchema,
    guard_id: Int4IdSchema,
    months: Type.Integer({ minimum: 1 }),
    kind: Type.Union([Type.Literal('buy'), Type.Literal('renew'), Type.Literal('upgrade')]),
    /** The tier's price × months. */
    price: Type.Integer({ minimum: 1 }),
    /** An upgrade: the unused value of the tier it replaces (0 otherwise). */
    credit: Type.Integer({ minimum: 0 }),
    /** Coins paid: price − credit. */
    coins: Type.Integer({ minimum: 1 }),
    /** The membership's new expiry (ISO). */
    expires_at: Type.String(),
    /** The buyer's coins after this purchase. */
    balance: Type.Integer({ minimum: 0 }),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type GuardBuyResult = Static<typeof GuardBuyResultSchema>;

/** `GET api/Guard/roomList?room_id=`: the room's active guards and (signed in) the viewer's own. */
export const GuardRoomListQuerySchema = Type.Object({ room_id: BigIdSchema }, { additionalProperties: false });
export type GuardRoomListQuery = Static<typeof GuardRoomListQuerySchema>;

export const RoomGuardSchema = Type.Object(
  {
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    avatar: Type.String(),
    guard_id: Int4IdSchema,
    level: Level,
    guard_name: Type.String(),
    expires_at: Type.String(),
  },
  { additionalProperties: false },
);
export type RoomGuard = Static<typeof RoomGuardSchema>;

/** The viewer's own guard in the room (null: none active, or not signed in). */
export const MyGuardSchema = Type.Object({ guard_id: Int4IdSchema, level: Level, guard_name: Type.String(), expires_at: Type.String() }, { additionalProperties: false });
export type MyGuard = Static<typeof MyGuardSchema>;

export const GuardRoomListSchema = Type.Object(
  {
    /** Active guards, highest tier first, then who became one first; at most GUARD_ROOM_LIST_SIZE. */
    list: Type.Array(RoomGuardSchema),
    /** All active guards of the room. */
    total: Type.Integer({ minimum: 0 }),
    mine: Type.Union([MyGuardSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type GuardRoomList = Static<typeof GuardRoomListSchema>;
