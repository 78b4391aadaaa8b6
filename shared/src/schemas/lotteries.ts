import Type, { type Static } from 'typebox';

/**
 * Lotteries (天选时刻, issue 35 section 5; server/src/lotteries/README.md): the anchor opens one in
 * their room with a prize (coins per winner, held in escrow from creation, or an item described in
 * text), a number of winners, an entry window and an entry condition (关注主播, 口令弹幕, or a fan
 * medal level); at the window's end the winners are drawn from a seed whose sha-256 is shown from
 * the start and which is revealed at the draw, with the entrants' ids, so anyone can recompute it.
 */

/** Bounds of a lottery (the server may be configured tighter). */
export const LOTTERY_WINNERS_MAX = 100;
export const LOTTERY_PRIZE_COINS_MAX = 1_000_000;
export const LOTTERY_PRIZE_ITEM_MAX = 40;
export const LOTTERY_PASSWORD_MAX = 20;
export const LOTTERY_WINDOW_MAX_SECONDS = 86_400;

const Id = Type.Integer({ minimum: 1 });
const Coins = Type.Integer({ minimum: 0 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** How a member enters: follow the anchor, send the 口令 as a chat line / danmaku in the room, or wear-or-hold a fan medal of this anchor at a level. */
export const LotteryConditionSchema = Type.Union([Type.Literal('follow'), Type.Literal('password'), Type.Literal('medal')]);
export type LotteryCondition = Static<typeof LotteryConditionSchema>;
export const LotteryStateSchema = Type.Union([Type.Literal('open'), Type.Literal('drawn'), Type.Literal('cancelled')]);
export type LotteryState = Static<typeof LotteryStateSchema>;

export const LotteryCreateQuerySchema = Type.Object(
  {
    room_id: BigId,
    /** Whole coins each winner gets (paid from the anchor's wallet into escrow at creation); or prize_item. */
    prize_coins: Type.Optional(Type.Number()),
    /** An item prize described in text (1-40 characters, word-filtered); or prize_coins. */
    prize_item: Type.Optional(Type.String({ maxLength: LOTTERY_PRIZE_ITEM_MAX * 2 })),
    /** 1..LOTTERY_WINNERS_MAX (the server's bound). */
    winners: Type.Number(),
    /** Seconds members may enter (the server's bounds, default 60..1800). */
    window_seconds: Type.Number(),
    condition: LotteryConditionSchema,
    /** condition=password: the 口令 (1-20 characters, trimmed). */
    password: Type.Optional(Type.String({ maxLength: LOTTERY_PASSWORD_MAX * 2 })),
    /** condition=medal: the lowest fan medal level of this anchor that enters (1-20). */
    medal_level: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type LotteryCreateQuery = Static<typeof LotteryCreateQuerySchema>;

export const LotteryIdQuerySchema = Type.Object({ lottery_id: BigId }, { additionalProperties: false });
export const LotteryListQuerySchema = Type.Object({ room_id: BigId }, { additionalProperties: false });

export const LotteryWinnerSchema = Type.Object({
  member_id: Id,
  nickname: Type.String(),
  /** Coins paid (null: an item prize). */
  prize_coins: Type.Union([Coins, Type.Null()]),
});
export type LotteryWinner = Static<typeof LotteryWinnerSchema>;

/** What a member's view of a lottery and the ops' audit view both show. */
const lotteryFields = {
  id: Id,
  room_id: Id,
  anchor_id: Id,
  /** Coins per winner (null for an item prize). */
  prize_coins: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  prize_item: Type.Union([Type.String(), Type.Null()]),
  winners: Type.Integer({ minimum: 1 }),
  condition: LotteryConditionSchema,
  /** The 口令 to send in the room (condition=password), else null. */
  password: Type.Union([Type.String(), Type.Null()]),
  medal_level: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  state: LotteryStateSchema,
  /** The window's end, China time (YYYY-MM-DD HH:mm:ss). */
  ends_at: Type.String(),
  created_at: Type.String(),
  /** China time of the draw (or the cancellation), null while open. */
  drawn_at: Type.Union([Type.String(), Type.Null()]),
  /** sha-256 (hex) of the seed, committed at creation; the seed is revealed at the draw. */
  seed_hash: Type.String(),
  /** Coins that went back to the anchor (fewer entrants than winners, or cancelled); null until then. */
  refunded_coins: Type.Union([Coins, Type.Null()]),
};

export const LotterySchema = Type.Object({
  ...lotteryFields,
  anchor_nickname: Type.String(),
  /** The window's end in epoch ms. */
  ends_at_ms: Type.Number(),
  entrants: Type.Integer({ minimum: 0 }),
  /** Null until the draw. */
  seed: Type.Union([Type.String(), Type.Null()]),
  /** Once drawn: every entrant's member id (ascending), so anyone can recompute the winners. */
  entrant_ids: Type.Array(Id),
  /** Once drawn: the winners in draw order. */
  winner_list: Type.Array(LotteryWinnerSchema),
  /** The viewer entered; the viewer won (0 until drawn). */
  entered: Flag,
  won: Flag,
});
export type Lottery = Static<typeof LotterySchema>;

export const LotteryListSchema = Type.Object({ list: Type.Array(LotterySchema) });
export type LotteryList = Static<typeof LotteryListSchema>;

export const LotteryCreateResultSchema = Type.Object({ lottery: LotterySchema, balance: Coins });
export type LotteryCreateResult = Static<typeof LotteryCreateResultSchema>;

export const LotteryEnterResultSchema = Type.Object({ lottery_id: Id, entrants: Type.Integer({ minimum: 0 }) });
export type LotteryEnterResult = Static<typeof LotteryEnterResultSchema>;

export const LotteryCancelResultSchema = Type.Object({ lottery: LotterySchema, balance: Coins });
export type LotteryCancelResult = Static<typeof LotteryCancelResultSchema>;

/** api/ops/lotteries: every lottery with its audit trail (the seed, every entry, the winners, the ledger sets). */
export const OpsLotteryQuerySchema = Type.Object({ room_id: Type.Optional(BigId) }, { additionalProperties: false });
export type OpsLotteryQuery = Static<typeof OpsLotteryQuerySchema>;
export const OpsLotteryEntrySchema = Type.Object({
  member_id: Id,
  /** China time. */
  entered_at: Type.String(),
  /** How: `api` (api/Lottery/enter) or `password` (the 口令 heard in the chat: no address or device). */
  via: Type.Union([Type.Literal('api'), Type.Literal('password')]),
  ip: Type.Union([Type.String(), Type.Null()]),
  device: Type.Union([Type.String(), Type.Null()]),
  won: Flag,
  /** The ledger set that paid a coin prize (`lottery_prize:<lottery>:<member>`), else null. */
  ledger_key: Type.Union([Type.String(), Type.Null()]),
});
export type OpsLotteryEntry = Static<typeof OpsLotteryEntrySchema>;
export const OpsLotterySchema = Type.Object({
  ...lotteryFields,
  /** Ops see the seed at once (the audit); members at the draw. */
  seed: Type.String(),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
  /** The ledger set that moved the prize into escrow (null: an item prize), the refund's (null: none). */
  funding_set_id: Type.Union([Id, Type.Null()]),
  refund_set_id: Type.Union([Id, Type.Null()]),
  winner_ids: Type.Array(Id),
  entry_list: Type.Array(OpsLotteryEntrySchema),
});
export type OpsLottery = Static<typeof OpsLotterySchema>;
export const OpsLotteryListSchema = Type.Object({ list: Type.Array(OpsLotterySchema) });
export type OpsLotteryList = Static<typeof OpsLotteryListSchema>;
