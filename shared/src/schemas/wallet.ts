import Type, { type Static } from 'typebox';
import { Int4IdSchema } from './primitives';
import { PAGE_SIZE_MAX } from './scores';
import { ORDER_TYPES } from './limits';

/**
 * The wallet (issue 13; SPEC.md sections 1, 3, 7): recharge packages (`api/chargerules/getList`),
 * the pay flow (`api/chargerules/payUrl`), the member's orders (`api/Order/getList`,
 * `getTypeList`). Money is integers: prices in fen, coins in whole coins.
 */

const Count = Type.Integer({ minimum: 0 });

/** One recharge package: pay `price_fen`, receive `coins` plus `bonus_coins`. */
export const ChargeRuleSchema = Type.Object(
  { id: Int4IdSchema, price_fen: Type.Integer({ minimum: 1 }), coins: Type.Integer({ minimum: 1 }), bonus_coins: Count },
  { additionalProperties: false },
);
export type ChargeRule = Static<typeof ChargeRuleSchema>;
export const ChargeRuleListSchema = Type.Array(ChargeRuleSchema);
export type ChargeRuleList = Static<typeof ChargeRuleListSchema>;

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'alipay'] as const;
export type PaymentProviderKey = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** `GET api/chargerules/payUrl?id=&provider=` (header Idempotency-Key). */
export const PayUrlQuerySchema = Type.Object(
  { id: Int4IdSchema, provider: Type.Optional(Type.Union([Type.Literal('sandbox'), Type.Literal('alipay')])) },
  { additionalProperties: false },
);
export type PayUrlQuery = Static<typeof PayUrlQuerySchema>;

/** A recharge's order number (the pay flow's pages take only these). */
export const ORDER_NO_PATTERN = '^R[0-9]{24}$';
/** Any order's number: its type's prefix + 24 digits. */
export const ANY_ORDER_NO_PATTERN = '^[RGSHBCW][0-9]{24}$';

/** The pending order and where to pay it (open `pay_url` in a new tab; poll `api/Order/getList`). */
export const PayUrlSchema = Type.Object(
  { order_no: Type.String(), pay_url: Type.String(), amount_fen: Type.Integer({ minimum: 1 }), coins: Count, expires_at: Type.String() },
  { additionalProperties: false },
);
export type PayUrl = Static<typeof PayUrlSchema>;

export type OrderTypeKey = (typeof ORDER_TYPES)[number]['key'];
export const OrderTypeSchema = Type.Object({ type: Type.Integer({ minimum: 1 }), name: Type.String() }, { additionalProperties: false });
export const OrderTypeListSchema = Type.Array(OrderTypeSchema);
export type OrderTypeList = Static<typeof OrderTypeListSchema>;

export const ORDER_STATES = ['pending', 'paid', 'cancelled', 'failed', 'expired', 'rejected'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** `GET api/Order/getList?type=&cursor=&page_size=`: newest first, paged by cursor (the last page's `next_cursor`). */
export const OrderListQuerySchema = Type.Object(
  {
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuerySchema>;

export const OrderSchema = Type.Object(
  {
    order_no: Type.String(),
    type: Type.Integer({ minimum: 1 }),
    type_name: Type.String(),
    state: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('failed'), Type.Literal('expired'), Type.Literal('rejected')]),
    /** What it was: `充值 110 金币`, `足球 x10`. */
    subject: Type.String(),
    /** Money, in fen (paid for a recharge, asked for a withdrawal); null for coin-only orders. */
    amount_fen: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** The member's coin change (+ recharge or conversion, - spending); 0 for a withdrawal (earnings, not coins). */
    coins: Type.Integer(),
    created_at: Type.String(),
    paid_at: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type Order = Static<typeof OrderSchema>;

export const OrderPageSchema = Type.Object({ list: Type.Array(OrderSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });
export type OrderPage = Static<typeof OrderPageSchema>;
