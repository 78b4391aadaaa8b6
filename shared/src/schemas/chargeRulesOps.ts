import Type, { type Static } from 'typebox';
import { Int4IdSchema } from './primitives';
import { CHARGE_RULE_COINS_MAX, CHARGE_RULE_PRICE_FEN_MAX, CHARGE_RULE_SORT_MAX } from './limits';

/**
 * Ops management of the recharge packages (issue 13): `GET api/ops/chargeRules` lists every
 * package, enabled or not; `POST api/ops/chargeRules` creates one, or updates package `id`.
 * Members see the enabled ones at once in `api/chargerules/getList` (by `sort`, then id).
 * Money is integers: the price in fen, coins whole.
 */

/** Packages kept at most (a member's recharge screen shows them all). */
export const CHARGE_RULES_MAX = 50;

/** A package as ops see it. */
export const OpsChargeRuleSchema = Type.Object(
  {
    id: Int4IdSchema,
    price_fen: Type.Integer({ minimum: 1 }),
    coins: Type.Integer({ minimum: 1 }),
    bonus_coins: Type.Integer({ minimum: 0 }),
    enabled: Type.Boolean(),
    sort: Type.Integer(),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
export type OpsChargeRule = Static<typeof OpsChargeRuleSchema>;
export const OpsChargeRuleListSchema = Type.Array(OpsChargeRuleSchema);
export type OpsChargeRuleList = Static<typeof OpsChargeRuleListSchema>;

/** `POST api/ops/chargeRules`: without `id` a new package; with it, that package's new values (orders already made keep theirs). */
export const SaveChargeRuleRequestSchema = Type.Object(
  {
    id: Type.Optional(Int4IdSchema),
    price_fen: Type.Integer({ minimum: 1, maximum: CHARGE_RULE_PRICE_FEN_MAX }),
    coins: Type.Integer({ minimum: 1, maximum: CHARGE_RULE_COINS_MAX }),
    bonus_coins: Type.Integer({ minimum: 0, maximum: CHARGE_RULE_COINS_MAX }),
    enabled: Type.Boolean(),
    sort: Type.Integer({ minimum: 0, maximum: CHARGE_RULE_SORT_MAX }),
  },
  { additionalProperties: false },
);
export type SaveChargeRuleRequest = Static<typeof SaveChargeRuleRequestSchema>;
