import Type, { type Static } from 'typebox';
import { BigIdSchema } from './primitives';
import { PAGE_SIZE_MAX } from './scores';
import { ALIPAY_ACCOUNT_MAX, BANK_NAME_MAX, BANK_NAME_MIN, HOLDER_MAX, HOLDER_MIN, WITHDRAWAL_REJECT_REASON_MAX, WITHDRAWAL_REJECT_REASON_MIN } from './limits';

/**
 * Earnings and withdrawals (issue 13; SPEC.md sections 1, 7): an anchor's earnings (whole coins
 * in their earnings account) are converted into coins (`api/Balance/conversionBalance`) or
 * withdrawn as money (`api/Balance/applyForWithdrawal`, reviewed by ops) to a bound bank card or
 * Alipay account (`api/Bank_card/*`), protected by a 6-digit payment password
 * (`api/Member/paymentPassword`). Money is integer fen, coins integer coins. Card numbers,
 * Alipay accounts and holders are only ever answered masked.
 */

const Count = Type.Integer({ minimum: 0 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const IsoTime = Type.String();
const NullableIsoTime = Type.Union([Type.String(), Type.Null()]);
/** Keyset cursor of a list: the `next_cursor` of the page before (an id). */
const Cursor = Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 });
/** A 6-digit code: the payment password, an SMS code. */
const SixDigits = Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]{6}$' });

/** The largest single conversion or withdrawal, in earning coins (bounds every request). */
export const EARNINGS_COINS_MAX = 100_000_000;
/** The largest single withdrawal, in fen (1 000 000 yuan); the configured daily limit is usually far lower. */
export const WITHDRAWAL_FEN_MAX = 100_000_000;

// ---- The wallet overview: GET api/Balance/info (login) ----

/**
 * What the wallet page shows and the forms need (all integers). `withdrawable_fen`: what a
 * withdrawal may ask for right now: min(earnings × fen_per_coin, the day's limit left), 0 when
 * below the minimum. `payment_password_locked_until`: set while five wrong tries lock paid
 * actions that need the password (ISO time), else null.
 */
export const WalletInfoSchema = Type.Object(
  {
    /** The member's coins (as in the user menu's 余额). */
    coins: Count,
    /** Earning coins (anchor income from gifts etc.), convertible and withdrawable. */
    earnings: Count,
    /** Earning coins of withdrawals still pending review. */
    earnings_in_flight: Count,
    /** Coins credited per 100 earning coins converted (e.g. 100: one for one); the fraction goes to the platform. */
    conversion_percent: Type.Integer({ minimum: 1, maximum: 100 }),
    /** Fen paid out per earning coin withdrawn (e.g. 10: 1 earning coin = 0.10 yuan); amounts are multiples of it. */
    fen_per_coin: Type.Integer({ minimum: 1 }),
    withdrawal_min_fen: Type.Integer({ minimum: 1 }),
    withdrawal_daily_limit_fen: Type.Integer({ minimum: 1 }),
    /** Withdrawals asked for today (China day), pending or paid, in fen. */
    withdrawn_today_fen: Count,
    withdrawable_fen: Count,
    is_verified: Flag,
    bank_card_bound: Flag,
    alipay_bound: Flag,
    payment_password_set: Flag,
    payment_password_locked_until: NullableIsoTime,
  },
  { additionalProperties: false },
);
export type WalletInfo = Static<typeof WalletInfoSchema>;

// ---- Conversion: GET api/Balance/conversionBalance (login; header Idempotency-Key) ----

/** `coins`: earning coins to convert (whole, at most the earnings). */
export const ConversionQuerySchema = Type.Object({ coins: Type.Integer({ minimum: 1, maximum: EARNINGS_COINS_MAX }) }, { additionalProperties: false });
export type ConversionQuery = Static<typeof ConversionQuerySchema>;

/** The conversion as applied (a retry with the same key answers the first result). */
export const ConversionResultSchema = Type.Object(
  {
    order_no: Type.String(),
    /** Earning coins taken. */
    earnings_coins: Type.Integer({ minimum: 1 }),
    /** Coins credited: floor(earnings_coins × conversion_percent / 100). */
    coins: Count,
    /** The member's coins after. */
    balance: Count,
    /** The earnings left after. */
    earnings: Count,
    created_at: IsoTime,
  },
  { additionalProperties: false },
);
export type ConversionResult = Static<typeof ConversionResultSchema>;

// ---- Withdrawals: GET api/Balance/applyForWithdrawal, withdrawalList (login) ----

/** Where the money goes: the bound bank card or the bound Alipay account. */
export const WithdrawalAccountKindSchema = Type.Union([Type.Literal('card'), Type.Literal('alipay')]);
export type WithdrawalAccountKind = Static<typeof WithdrawalAccountKindSchema>;

export const WithdrawalStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('rejected')]);
export type WithdrawalState = Static<typeof WithdrawalStateSchema>;

/**
 * `GET api/Balance/applyForWithdrawal?amount=&account=&password=` (header Idempotency-Key), or
 * `POST` with the same fields as a JSON body (what the site sends: no password in a URL).
 * `amount`: fen, a multiple of `fen_per_coin`, at least the minimum, within the day's limit.
 * `password`: the payment password (wrong tries are counted; five lock withdrawals for a while).
 */
export const ApplyWithdrawalQuerySchema = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: WITHDRAWAL_FEN_MAX }),
    account: WithdrawalAccountKindSchema,
    password: SixDigits,
  },
  { additionalProperties: false },
);
export type ApplyWithdrawalQuery = Static<typeof ApplyWithdrawalQuerySchema>;

/** One withdrawal as its member sees it. `account_masked`: `**** **** **** 1234` or `138****8000`. */
export const WithdrawalSchema = Type.Object(
  {
    id: BigIdSchema,
    order_no: Type.String(),
    amount_fen: Type.Integer({ minimum: 1 }),
    /** Earning coins taken: amount_fen / fen_per_coin. */
    coins: Type.Integer({ minimum: 1 }),
    state: WithdrawalStateSchema,
    account: WithdrawalAccountKindSchema,
    account_masked: Type.String(),
    /** The bank's name for a card, `支付宝` for Alipay. */
    bank_name: Type.String(),
    /** Why ops rejected it (null unless rejected). */
    reject_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: IsoTime,
    reviewed_at: NullableIsoTime,
  },
  { additionalProperties: false },
);
export type Withdrawal = Static<typeof WithdrawalSchema>;

/** The answer of applyForWithdrawal: the pending withdrawal and the earnings left (a replay answers the first). */
export const ApplyWithdrawalResultSchema = Type.Object({ withdrawal: WithdrawalSchema, earnings: Count }, { additionalProperties: false });
export type ApplyWithdrawalResult = Static<typeof ApplyWithdrawalResultSchema>;

/** `GET api/Balance/withdrawalList?state=&cursor=&page_size=`: mine, newest first, by keyset cursor. */
export const WithdrawalListQuerySchema = Type.Object(
  {
    state: Type.Optional(WithdrawalStateSchema),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type WithdrawalListQuery = Static<typeof WithdrawalListQuerySchema>;
export const WithdrawalPageSchema = Type.Object({ list: Type.Array(WithdrawalSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });
export type WithdrawalPage = Static<typeof WithdrawalPageSchema>;

// ---- Payout accounts: api/Bank_card bind, getInfo, bindAliPay, getAliPayInfo (GET, login; bind and bindAliPay also POST) ----

/**
 * `GET api/Bank_card/bind?card_number=&bank_name=&holder=`, or `POST` with the same fields as a JSON
 * body (what the site sends): binds (or replaces) the member's card.
 * `card_number`: 12-19 digits, no spaces (the form strips them), Luhn-checked. `holder` must be
 * the member's verified real name (verification comes first).
 */
export const BindBankCardQuerySchema = Type.Object(
  {
    card_number: Type.String({ minLength: 12, maxLength: 19, pattern: '^[0-9]{12,19}$' }),
    bank_name: Type.String({ minLength: BANK_NAME_MIN, maxLength: BANK_NAME_MAX }),
    holder: Type.String({ minLength: HOLDER_MIN, maxLength: HOLDER_MAX }),
  },
  { additionalProperties: false },
);
export type BindBankCardQuery = Static<typeof BindBankCardQuerySchema>;

/** A bound card, masked: `card_number` `**** **** **** 1234`, `holder` `张*三`. */
export const BankCardInfoSchema = Type.Object(
  { card_number: Type.String(), last4: Type.String(), bank_name: Type.String(), holder: Type.String(), bound_at: IsoTime },
  { additionalProperties: false },
);
export type BankCardInfo = Static<typeof BankCardInfoSchema>;
/** `GET api/Bank_card/getInfo`: the bound card, or null. */
export const MyBankCardSchema = Type.Union([BankCardInfoSchema, Type.Null()]);
export type MyBankCard = Static<typeof MyBankCardSchema>;

/**
 * `GET api/Bank_card/bindAliPay?account=&holder=` (or `POST` with a JSON body): binds (or replaces) the Alipay account: a
 * mainland mobile number or an email address; `holder` must be the verified real name.
 */
export const BindAliPayQuerySchema = Type.Object(
  {
    account: Type.String({ minLength: 5, maxLength: ALIPAY_ACCOUNT_MAX, pattern: '^(1[3-9][0-9]{9}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,})$' }),
    holder: Type.String({ minLength: HOLDER_MIN, maxLength: HOLDER_MAX }),
  },
  { additionalProperties: false },
);
export type BindAliPayQuery = Static<typeof BindAliPayQuerySchema>;

/** A bound Alipay account, masked: `138****8000` or `ab***@example.com`; `holder` `张*三`. */
export const AliPayInfoSchema = Type.Object({ account: Type.String(), holder: Type.String(), bound_at: IsoTime }, { additionalProperties: false });
export type AliPayInfo = Static<typeof AliPayInfoSchema>;
/** `GET api/Bank_card/getAliPayInfo`: the bound account, or null. */
export const MyAliPaySchema = Type.Union([AliPayInfoSchema, Type.Null()]);
export type MyAliPay = Static<typeof MyAliPaySchema>;

// ---- Payment password: POST api/Member/paymentPassword (login) ----

/**
 * `{password}` sets it when none is set; changing it needs `code` too: an SMS code of type 2
 * sent to the member's own mobile, asked for by `POST api/Member/paymentPasswordCode` (login, no
 * body, no captcha; answers `GetCodeResult {resendAfterSeconds}`, getCode's limits apply) or by
 * `api/user/getCode` with `type: 2`.
 */
export const PaymentPasswordRequestSchema = Type.Object({ password: SixDigits, code: Type.Optional(SixDigits) }, { additionalProperties: false });
export type PaymentPasswordRequest = Static<typeof PaymentPasswordRequestSchema>;
/** After setting: it is set, and not locked. */
export const PaymentPasswordResultSchema = Type.Object({ payment_password_set: Type.Literal(1), changed: Flag }, { additionalProperties: false });
export type PaymentPasswordResult = Static<typeof PaymentPasswordResultSchema>;

// ---- Ops: api/ops/withdrawals (ops token) ----

/** `GET api/ops/withdrawals?state=&cursor=&page_size=`: pending oldest first (the queue), decided ones newest first. Default state pending. */
export const OpsWithdrawalsQuerySchema = Type.Object(
  {
    state: Type.Optional(WithdrawalStateSchema),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type OpsWithdrawalsQuery = Static<typeof OpsWithdrawalsQuerySchema>;

/** A withdrawal as ops review it: who, their masked legal name, the masked payout holder, who reviewed. */
export const OpsWithdrawalSchema = Type.Object(
  {
    ...WithdrawalSchema.properties,
    user_id: BigIdSchema,
    user_nickname: Type.String(),
    real_name: Type.String(),
    holder: Type.String(),
    reviewed_by: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type OpsWithdrawal = Static<typeof OpsWithdrawalSchema>;
export const OpsWithdrawalPageSchema = Type.Object({ list: Type.Array(OpsWithdrawalSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });
export type OpsWithdrawalPage = Static<typeof OpsWithdrawalPageSchema>;

export const WithdrawalIdParamsSchema = Type.Object({ id: BigIdSchema }, { additionalProperties: false });
export type WithdrawalIdParams = Static<typeof WithdrawalIdParamsSchema>;

/** `POST api/ops/withdrawals/:id/reject` (approve: `POST …/:id/approve`, no body). */
export const RejectWithdrawalRequestSchema = Type.Object(
  { reason: Type.String({ minLength: WITHDRAWAL_REJECT_REASON_MIN, maxLength: WITHDRAWAL_REJECT_REASON_MAX }) },
  { additionalProperties: false },
);
export type RejectWithdrawalRequest = Static<typeof RejectWithdrawalRequestSchema>;
/** The review's outcome: the withdrawal now (paid: money sent; rejected: earnings back). */
export const WithdrawalReviewSchema = Type.Object({ withdrawal: OpsWithdrawalSchema }, { additionalProperties: false });
export type WithdrawalReview = Static<typeof WithdrawalReviewSchema>;
