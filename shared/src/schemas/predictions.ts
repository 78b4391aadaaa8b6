import Type, { type Static } from 'typebox';
import { BigIdSchema } from './primitives';

/**
 * Predictions (竞猜, issue 35 section 2; server/src/predictions/README.md): a question in a live
 * room with 2-10 outcomes; members stake points on one; a prediction bound to the room's match is
 * settled from the feed's final result, pari-mutuel.
 */

/** Most points one stake may be (a bigger amount is refused, whatever the balance). */
export const PREDICTION_STAKE_MAX = 1_000_000;
export const PREDICTION_OUTCOMES_MIN = 2;
export const PREDICTION_OUTCOMES_MAX = 10;
export const PREDICTION_TITLE_MAX = 60;
export const PREDICTION_OUTCOME_MAX_CHARS = 12;
/** A set lock time: from 10 s to 7 days after the creation. */
export const PREDICTION_LOCK_SECONDS_MIN = 10;
export const PREDICTION_LOCK_SECONDS_MAX = 7 * 24 * 3600;

/**
 * The templates, each with its resolution rule (predictions/predictionTemplates.ts):
 * - football_1x2: 主胜/平/客胜 from the final score;
 * - total_goals: 大于N.5/小于N.5 on home + away (line N);
 * - basketball_winner: 主胜/客胜 (a tie: refunded);
 * - handicap: 主队让N.5 (home − N.5 > away) / 客队受让N.5;
 * - custom: outcomes written by the creator, never bound to a match: only a cancel ends it (refund).
 */
export const PredictionTemplateSchema = Type.Union([Type.Literal('football_1x2'), Type.Literal('total_goals'), Type.Literal('basketball_winner'), Type.Literal('handicap'), Type.Literal('custom')]);
export type PredictionTemplate = Static<typeof PredictionTemplateSchema>;

/** open (stakes taken) → locked (past lock_at) → settled | refunded (no winner, a tie, an abandoned match); cancelled: refunded by a cancel. */
export const PredictionStateSchema = Type.Union([Type.Literal('open'), Type.Literal('locked'), Type.Literal('settled'), Type.Literal('cancelled'), Type.Literal('refunded')]);
export type PredictionState = Static<typeof PredictionStateSchema>;

const Count = Type.Integer({ minimum: 0 });

export const PredictionOutcomeTallySchema = Type.Object(
  {
    index: Type.Integer({ minimum: 0, maximum: 9 }),
    label: Type.String(),
    /** Points staked on it. */
    pool: Count,
    stakes: Count,
    /** Its share of the whole pool, 0-100 (rounded to 1 decimal). */
    share: Type.Number({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type PredictionOutcomeTally = Static<typeof PredictionOutcomeTallySchema>;

export const PredictionMyStakeSchema = Type.Object(
  {
    outcome: Type.Integer({ minimum: 0, maximum: 9 }),
    amount: Count,
    /** Null until settled; 0 for a losing stake. */
    payout: Type.Union([Count, Type.Null()]),
  },
  { additionalProperties: false },
);

export const PredictionSchema = Type.Object(
  {
    id: BigIdSchema,
    room_id: BigIdSchema,
    match_id: Type.Union([BigIdSchema, Type.Null()]),
    template: PredictionTemplateSchema,
    title: Type.String(),
    state: PredictionStateSchema,
    /** Epoch ms; lock_text: China time 'YYYY-MM-DD HH:mm'. */
    lock_at: Type.Number(),
    lock_text: Type.String(),
    winning_outcome: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()]),
    pool: Count,
    outcomes: Type.Array(PredictionOutcomeTallySchema),
    /** The signed-in member's stake (null: none, or not signed in). */
    mine: Type.Union([PredictionMyStakeSchema, Type.Null()]),
    settled_text: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type Prediction = Static<typeof PredictionSchema>;

/** Pushed to the room (chat socket, cloudCustomData.prediction) at most twice a second: the tallies. */
export const PredictionTallySchema = Type.Object(
  { id: BigIdSchema, room_id: BigIdSchema, state: PredictionStateSchema, pool: Count, winning_outcome: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()]), outcomes: Type.Array(PredictionOutcomeTallySchema) },
  { additionalProperties: false },
);
export type PredictionTally = Static<typeof PredictionTallySchema>;

// ---- POST api/Prediction/create (login: the room's anchor or admin; or ops with the ops token) ----
export const PredictionCreateRequestSchema = Type.Object(
  {
    room_id: BigIdSchema,
    template: PredictionTemplateSchema,
    /** Bind to the room's current match (templates other than custom must). Default true. */
    bind_match: Type.Optional(Type.Boolean()),
    /** total_goals / handicap: N of N.5 (0-400). */
    line: Type.Optional(Type.Integer({ minimum: 0, maximum: 400 })),
    /** Default: the template's title. */
    title: Type.Optional(Type.String({ maxLength: PREDICTION_TITLE_MAX })),
    /** custom only: 2-10 labels. */
    outcomes: Type.Optional(Type.Array(Type.String({ maxLength: PREDICTION_OUTCOME_MAX_CHARS }), { maxItems: PREDICTION_OUTCOMES_MAX })),
    /** Lock this many seconds from now; absent: at the match's kick-off (a match not yet started). */
    lock_in_seconds: Type.Optional(Type.Integer({ minimum: PREDICTION_LOCK_SECONDS_MIN, maximum: PREDICTION_LOCK_SECONDS_MAX })),
  },
  { additionalProperties: false },
);
export type PredictionCreateRequest = Static<typeof PredictionCreateRequestSchema>;

// ---- GET api/Prediction/list?room_id= | ?mine=1 (history) ----
export const PredictionListQuerySchema = Type.Object(
  {
    room_id: Type.Optional(BigIdSchema),
    /** 1: the signed-in member's predictions (history), newest stake first. */
    mine: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    cursor: Type.Optional(BigIdSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type PredictionListQuery = Static<typeof PredictionListQuerySchema>;
export const PredictionListSchema = Type.Object({ list: Type.Array(PredictionSchema), next_cursor: Type.Union([BigIdSchema, Type.Null()]) }, { additionalProperties: false });
export type PredictionList = Static<typeof PredictionListSchema>;

export const PredictionInfoQuerySchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });

// ---- POST api/Prediction/stake (login, Idempotency-Key) ----
/** amount is a Number here so a fractional, zero or negative amount gets the predictions' own error (not a schema one). */
export const PredictionStakeRequestSchema = Type.Object({ id: BigIdSchema, outcome: Type.Integer({ minimum: 0, maximum: 9 }), amount: Type.Number() }, { additionalProperties: false });
export type PredictionStakeRequest = Static<typeof PredictionStakeRequestSchema>;
export const PredictionStakeResultSchema = Type.Object({ prediction: PredictionSchema, balance: Count }, { additionalProperties: false });
export type PredictionStakeResult = Static<typeof PredictionStakeResultSchema>;

// ---- POST api/Prediction/cancel (the room's anchor or admin, or ops): every stake refunded ----
export const PredictionCancelRequestSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });

// ---- GET api/ops/predictions?room_id=&cursor= (ops token): every prediction with its audit trail ----
export const PredictionOpsQuerySchema = Type.Object({ room_id: Type.Optional(BigIdSchema), cursor: Type.Optional(BigIdSchema) }, { additionalProperties: false });
export const PredictionAuditEntrySchema = Type.Object(
  { action: Type.Union([Type.Literal('created'), Type.Literal('cancelled'), Type.Literal('settled'), Type.Literal('refunded')]), actor: Type.String(), detail: Type.Record(Type.String(), Type.Unknown()), at: Type.Number(), at_text: Type.String() },
  { additionalProperties: false },
);
/** One member's stake as ops audit it: who, which outcome, how much, what it paid, when, its ledger set. */
export const PredictionOpsStakeSchema = Type.Object(
  {
    member_id: BigIdSchema,
    nickname: Type.String(),
    outcome: Type.Integer({ minimum: 0, maximum: PREDICTION_OUTCOMES_MAX - 1 }),
    amount: Count,
    /** Written by the settlement (0: a losing stake; the stake itself on a refund); null before. */
    payout: Type.Union([Count, Type.Null()]),
    at_text: Type.String(),
    /** The stake's ledger set (member points → the prediction's pool). */
    set_id: BigIdSchema,
  },
  { additionalProperties: false },
);
/** Stakes listed per prediction in api/ops/predictions (the largest first; `stakes` counts them all). */
export const PREDICTION_OPS_STAKES_SHOWN = 200;
export const PredictionOpsRowSchema = Type.Object(
  {
    prediction: PredictionSchema,
    stakes: Count,
    /** Up to PREDICTION_OPS_STAKES_SHOWN stakes, the largest first (then the earliest). Absent from older servers. */
    stake_list: Type.Optional(Type.Array(PredictionOpsStakeSchema, { maxItems: PREDICTION_OPS_STAKES_SHOWN })),
    paid: Type.Union([Count, Type.Null()]),
    remainder: Type.Union([Count, Type.Null()]),
    /** The settlement's ledger set (payouts or refunds), null before. */
    settle_set_id: Type.Union([BigIdSchema, Type.Null()]),
    audit: Type.Array(PredictionAuditEntrySchema),
  },
  { additionalProperties: false },
);
export const PredictionOpsListSchema = Type.Object({ list: Type.Array(PredictionOpsRowSchema), next_cursor: Type.Union([BigIdSchema, Type.Null()]) }, { additionalProperties: false });
export type PredictionOpsList = Static<typeof PredictionOpsListSchema>;
