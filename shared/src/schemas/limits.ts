// The plain limits and lists of the contract (no TypeBox): the schemas in this folder are built
// from them on the server, and the browser entry of @sports/shared exports them as values (its
// forms show the same bounds) while it takes the schemas as types only.
import type { OddsMarketName } from './scores';
import type { ReportReason } from './moderation';

// accounts.ts
/** The login refusal after which the modal asks for an SMS code (type 2) with the password. */
export const LOGIN_NEEDS_SMS_CODE_MESSAGE = '该手机号登录失败次数过多，请获取短信验证码后登录';
/** Its reason key in the answer (the server's error catalogue entry): what the modal branches on. */
export const LOGIN_NEEDS_SMS_CODE_REASON = 'LOGIN_NEEDS_SMS_CODE';

// chargeRulesOps.ts
/** ¥100,000: the dearest package a member may buy. */
export const CHARGE_RULE_PRICE_FEN_MAX = 10_000_000;
/** Coins (and bonus coins) one package gives at most. */
export const CHARGE_RULE_COINS_MAX = 100_000_000;
export const CHARGE_RULE_SORT_MAX = 9_999;

// community.ts
/** Bounds of what members write. */
export const POST_TEXT_MAX = 2000;
export const POST_IMAGES_MAX = 9;
export const COMMENT_TEXT_MAX = 500;
/** What a deleted (or hidden) comment that still has replies shows instead of its text. */
export const COMMENT_REMOVED_TEXT = '该评论已删除';
export const FEED_VIEWS = ['latest', 'hot', 'following'] as const;

// gifts.ts
/** At most this many of one gift in one send. */
export const GIFT_COUNT_MAX = 999;

// guards.ts
/** Months in one purchase: 1..GUARD_MONTHS_MAX. */
export const GUARD_MONTHS_MAX = 12;

// headlines.ts
export const HEADLINE_TITLE_MAX = 80;
export const HEADLINE_SUMMARY_MAX = 200;
export const HEADLINE_BODY_MAX = 20_000;
export const HEADLINE_RELATED_MATCHES_MAX = 5;

// live.ts
export const ROOM_TITLE_MAX = 30;
export const ROOM_PLACARD_MAX = 200;
export const SCHEDULE_TITLE_MAX = 30;
/** The longest follower search (a nickname fragment). */
export const FOLLOWER_KEYWORD_MAX = 20;

// member.ts
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 30;
export const ANCHOR_INTRODUCTION_MIN = 10;
export const ANCHOR_INTRODUCTION_MAX = 300;
export const ANCHOR_SAMPLE_MAX = 300;
export const REJECT_REASON_MIN = 2;
export const REJECT_REASON_MAX = 100;
export const WATCH_HEARTBEAT_SECONDS_MAX = 300;
/** How long the heartbeat's beacon token (the tab-close beat's CSRF proof, server/src/accounts/beaconToken.ts) stays valid. */
export const WATCH_BEACON_TOKEN_TTL_SECONDS = 300;
export const ACTIVITY_TITLE_MAX = 30;
export const ACTIVITY_URL_MAX = 300;

// moderation.ts
export const REPORT_REASONS = ['spam', 'abuse', 'porn', 'illegal', 'other'] as const;
export const REPORT_REASON_LABELS: Record<ReportReason, string> = { spam: '垃圾广告', abuse: '辱骂攻击', porn: '色情低俗', illegal: '违法违规', other: '其他' };
export const REPORT_STATES = ['open', 'actioned', 'dismissed'] as const;
/** A listed word, at most this many characters (before normalising: 64; stored normalised: 32). */
export const SENSITIVE_WORD_INPUT_MAX = 64;
/** At most this many words in one change. */
export const SENSITIVE_WORDS_PER_CHANGE_MAX = 200;

// scores.ts
export const ODDS_MARKETS: readonly OddsMarketName[] = ['europe', 'asia', 'total'];

// wallet.ts
/** The Idempotency-Key header every paid call takes: 1-64 of letters, digits, `-_.:`. */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9._:-]{1,64}$';
/**
 * Order types (`api/Order/getTypeList`): every paid action writes one order (server
 * wallet/orders.ts). `prefix` starts its order numbers (`R` + 24 digits for a recharge).
 */
export const ORDER_TYPES = [
  { type: 1, name: '充值', key: 'recharge', prefix: 'R' },
  { type: 2, name: '礼物', key: 'gift', prefix: 'G' },
  { type: 3, name: '守护', key: 'guard', prefix: 'S' },
  { type: 4, name: '喇叭', key: 'horn', prefix: 'H' },
  { type: 5, name: '弹幕', key: 'barrage', prefix: 'B' },
  { type: 6, name: '兑换', key: 'conversion', prefix: 'C' },
  { type: 7, name: '提现', key: 'withdrawal', prefix: 'W' },
  { type: 8, name: '红包', key: 'red_packet', prefix: 'P' },
  { type: 9, name: '天选', key: 'lottery', prefix: 'L' },
] as const;

// withdrawals.ts
export const WITHDRAWAL_STATES = ['pending', 'paid', 'rejected'] as const;
export const BANK_NAME_MIN = 2;
export const BANK_NAME_MAX = 30;
export const HOLDER_MIN = 2;
export const HOLDER_MAX = 30;
export const ALIPAY_ACCOUNT_MAX = 64;
export const WITHDRAWAL_REJECT_REASON_MIN = 2;
export const WITHDRAWAL_REJECT_REASON_MAX = 100;

// Clips and replays (issue 34; schemas/clips.ts).
/** Clip titles: what a person may write (1–40 characters after trimming). */
export const CLIP_TITLE_MAX = 40;
/** Page size of clip and replay lists. */
export const MEDIA_LIST_LIMIT_MAX = 50;
/** A person's clip: the last this many seconds of the room. */
export const PERSON_CLIP_SECONDS = 30;
/** A feed clip around the event's moment t: from t − before to t + after. */
export const EVENT_CLIP_BEFORE_SECONDS = 20;
export const EVENT_CLIP_AFTER_SECONDS = 10;
/** The anchor's feed-to-stream offset (the console): −60…60 s, default 0. */
export const CLIP_OFFSET_MAX_SECONDS = 60;


// follows.ts
/** What a member follows besides anchors (关注, issue 39): a team, a league (a competition), a player. */
export const FOLLOW_TARGET_TYPES = ['team', 'league', 'player'] as const;
/** The most teams (leagues, players) one member follows: one type's whole list fits one answer. */
export const FOLLOWS_PER_TYPE_MAX = 500;
