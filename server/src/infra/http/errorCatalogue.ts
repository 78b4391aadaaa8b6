import { CLIP_TITLE_MAX, LOGIN_NEEDS_SMS_CODE_MESSAGE, ROOM_ADMINS_MAX, ResponseCode, sharedMessages } from '@sports/shared/server';
import { BusinessError } from './businessError';

/**
 * The one table of the failures the API answers, in the style of Fastify's `lib/errors.js`.
 * Each entry has a stable reason key (its name here, SCREAMING_SNAKE), the envelope code (1
 * unless SPEC.md section 8 gives the failure its own), the HTTP status and the zh-CN message.
 * The answer is `{ code, msg, data: null, reason }`: the page's interceptor reads `code` and shows
 * `msg` as before, and clients and tests tell failures apart by `reason`, which never changes once
 * published (the message may be reworded; the key may not).
 *
 * Throwing: `throw errors.SMS_RESEND_TOO_SOON(formatWait(ms))` — the parameters are those of the
 * message function, checked by TypeScript. Reading a message (tests, logs): `errors.X.message`.
 *
 * To add an entry: pick the domain group, name what went wrong (not where), keep code 1 and HTTP
 * 200 unless the client must act differently (rate limit 429, forbidden 403, …).
 *
 * WebSocket frames (chat/chatMessages.ts, realtime/liveDataProtocol.ts) are not HTTP answers and
 * keep their own texts.
 */

type Message = string | ((...params: never[]) => string);
type ParamsOf<M extends Message> = M extends (...params: infer P) => string ? P : [];

interface EntrySpec<M extends Message> {
  message: M;
  status: number;
  code: number;
}

/** One catalogue entry: call it to get the error to throw. */
export interface CatalogueEntry<M extends Message = Message> {
  (...params: ParamsOf<M>): BusinessError;
  readonly reason: string;
  readonly code: number;
  readonly status: number;
  /** The text (or the function making it): what users read. */
  readonly message: M;
}

/** createError: an entry's shape before it gets its name. HTTP 200 and code 1 unless given. */
function entry<M extends Message>(message: M, options: { status?: number; code?: number } = {}): EntrySpec<M> {
  return { message, status: options.status ?? 200, code: options.code ?? ResponseCode.Error };
}

/** Names every entry after its key, so a reason key can never disagree with its name. */
function catalogue<Table extends Record<string, EntrySpec<Message>>>(table: Table): { readonly [K in keyof Table]: CatalogueEntry<Table[K]['message']> } {
  const named: Record<string, CatalogueEntry> = {};
  for (const [reason, spec] of Object.entries(table)) {
    const make = (...params: unknown[]): BusinessError => {
      const msg = typeof spec.message === 'function' ? (spec.message as (...p: unknown[]) => string)(...params) : spec.message;
      return new BusinessError(spec.code, msg, spec.status, reason);
    };
    named[reason] = Object.assign(make, { reason, code: spec.code, status: spec.status, message: spec.message }) as unknown as CatalogueEntry;
  }
  return named as { readonly [K in keyof Table]: CatalogueEntry<Table[K]['message']> };
}

export const errors = catalogue({
  // --- HTTP: what Fastify and the server itself refuse before or around any route. ---
  SERVER_BUSY: entry(sharedMessages.serverBusy, { status: 500 }),
  NOT_FOUND: entry(sharedMessages.notFound, { status: 404 }),
  /** A schema refused the input; the message names the field (validationMessages.ts). */
  VALIDATION: entry((detail: string) => detail, { status: 400 }),
  BAD_REQUEST_FORMAT: entry('请求格式错误', { status: 400 }),
  BODY_TOO_LARGE: entry('请求内容过大', { status: 413 }),
  UNSUPPORTED_MEDIA_TYPE: entry('不支持的请求内容类型', { status: 415 }),
  /** Other 4xx Fastify detected: the handler keeps Fastify's status. */
  BAD_REQUEST: entry('请求无效', { status: 400 }),
  BAD_URL: entry('请求地址无效', { status: 400 }),
  URL_TOO_LONG: entry('请求地址过长', { status: 414 }),
  WEBSOCKET_REQUIRED: entry('请使用 WebSocket 连接', { status: 426 }),
  // Written straight to the socket (plugins/rawAnswers.ts), before Fastify reads the request.
  REQUEST_TIMEOUT: entry('请求超时，请重试', { status: 408 }),
  TOO_MANY_CONNECTIONS: entry('连接过多，请稍后再试', { status: 429 }),
  HEADERS_TOO_LARGE: entry('请求头过大', { status: 431 }),

  // --- Database: input a schema let through but a column refused (http/databaseErrors.ts). ---
  /** Class 22 (data exception): a number out of range, text PostgreSQL cannot store or parse. */
  DB_INVALID_VALUE: entry('参数取值无效', { status: 400 }),
  /** 23503: a reference to a row that does not exist (or no longer does). */
  DB_MISSING_REFERENCE: entry('引用的数据不存在', { status: 400 }),
  /** 23505: the row already exists (usually two identical requests at once). */
  DB_DUPLICATE: entry('数据已存在，请勿重复提交', { status: 409 }),
  /** Other integrity violations (check, not-null, exclusion). */
  DB_REJECTED_VALUE: entry('参数不符合要求', { status: 400 }),

  // --- Session and request origin (plugins/auth.ts, plugins/csrf.ts): SPEC.md section 8's codes. ---
  LOGIN_REQUIRED: entry(sharedMessages.loginRequired, { code: ResponseCode.LoginRequired }),
  TOKEN_ILLEGAL: entry('登录信息无效，请重新登录', { code: ResponseCode.IllegalToken }),
  SESSION_REPLACED: entry('登录已失效，请重新登录', { code: ResponseCode.SessionReplaced }),
  SESSION_EXPIRED: entry('登录已过期，请重新登录', { code: ResponseCode.SessionExpired }),
  BAD_ORIGIN: entry('请求来源无效', { status: 403 }),

  // --- Accounts: mobile numbers, SMS codes, captcha, login, register, password reset. ---
  MOBILE_FORMAT: entry('mobile 格式错误'),
  MOBILE_COUNTRY_CODE: entry('mobile 国家或地区代码不支持'),
  MOBILE_ALREADY_REGISTERED: entry('该手机号已注册，请直接登录'),
  SMS_SEND_FAILED: entry('短信发送失败，请稍后再试'),
  SMS_RESEND_TOO_SOON: entry((wait: string) => `验证码发送过于频繁，请 ${wait}后再试`),
  SMS_TOO_MANY_FOR_NUMBER: entry((wait: string) => `该手机号获取验证码次数过多，请 ${wait}后再试`),
  SMS_TOO_MANY_FOR_IP: entry((wait: string) => `当前网络获取验证码次数过多，请 ${wait}后再试`),
  SMS_CODE_MISSING: entry('验证码无效，请重新获取'),
  SMS_CODE_EXPIRED: entry('验证码已过期，请重新获取'),
  SMS_CODE_DEAD: entry('验证码错误次数过多，请重新获取'),
  SMS_CODE_WRONG: entry((remaining: number) => `验证码错误，还可尝试 ${remaining} 次`),
  CAPTCHA_INVALID: entry('人机验证失败，请重新验证'),
  CAPTCHA_EXPIRED: entry('人机验证已过期，请重新验证'),
  CAPTCHA_REPLAYED: entry('人机验证已使用，请重新验证'),
  /** The same for an unknown number and a wrong password: no enumeration. */
  LOGIN_WRONG_CREDENTIALS: entry('手机号或密码错误'),
  LOGIN_BUSY: entry('登录请求过于频繁，请稍后再试'),
  LOGIN_NEEDS_SMS_CODE: entry(LOGIN_NEEDS_SMS_CODE_MESSAGE),
  LOGIN_THROTTLED: entry((wait: string) => `登录失败次数过多，请 ${wait}后再试`),
  LOGIN_LOCKED: entry((wait: string, lockMinutes: number) => `登录失败次数过多，已锁定 ${lockMinutes} 分钟，请 ${wait}后再试`),
  INVITE_INVALID: entry('邀请码无效'),
  RESET_PASSWORD_TOO_MANY_FAILURES: entry((wait: string) => `重置密码失败次数过多，请 ${wait}后再试`),

  // --- Member centre: profile (modules/member). ---
  NICKNAME_EMPTY: entry('user_nickname 不能为空'),
  NICKNAME_INVALID: entry('user_nickname 包含无效字符'),
  NICKNAME_RESERVED: entry('该昵称为系统保留，请换一个'),
  NICKNAME_BLOCKED: entry('昵称包含不文明用语，请修改'),
  NICKNAME_TAKEN: entry('该昵称已被使用，请换一个', { status: 409 }),
  AVATAR_INVALID: entry('avatar 无效，请选择头像列表中的头像或自己上传的图片'),
  PROFILE_NOTHING_TO_CHANGE: entry('没有需要修改的内容'),

  // --- Upload: images (modules/upload). ---
  UPLOAD_TOKEN_INVALID: entry('上传凭证无效或已过期，请重新获取'),
  UPLOAD_TOO_BIG: entry('图片不能超过 2 MB', { status: 413 }),
  UPLOAD_BAD_TYPE: entry('只支持 PNG、JPEG、WebP、GIF 图片'),
  UPLOAD_NOT_MULTIPART: entry('上传格式错误', { status: 415 }),
  UPLOAD_BAD_FORM: entry('上传格式错误', { status: 400 }),
  UPLOAD_MISSING_TOKEN: entry('缺少参数 token'),
  UPLOAD_MISSING_FILE: entry('缺少参数 file'),
  UPLOAD_TOKEN_TOO_FREQUENT: entry('获取上传凭证过于频繁，请稍后再试'),

  // --- Live: rooms, anchors, admins, mutes, schedules, follows, playback (modules/live, media). ---
  LIVE_NOT_ANCHOR: entry('您还不是主播，请先申请成为主播'),
  LIVE_ROOM_EXISTS: entry('您已经创建过直播间'),
  LIVE_TITLE_EMPTY: entry('标题不能为空'),
  LIVE_NO_ROOM: entry('您还没有直播间，请先创建'),
  /** getLiveUrl's wording of LIVE_NO_ROOM (media/liveUrlRoutes.ts). */
  LIVE_URL_NO_ROOM: entry('请先创建直播间'),
  LIVE_ROOM_NOT_FOUND: entry('直播间不存在'),
  LIVE_NOT_OWNER: entry('只有房主可以操作'),
  LIVE_NOT_MODERATOR: entry('只有房主和房管可以禁言'),
  /** media/streamHealth: the stream's health is for the room's owner and admins. */
  LIVE_STREAM_HEALTH_FORBIDDEN: entry('只有房主和房管可以查看推流状态'),
  LIVE_CANNOT_MUTE_SELF: entry('不能禁言自己'),
  LIVE_CANNOT_MUTE_OWNER: entry('不能禁言房主'),
  LIVE_CANNOT_MUTE_ADMIN: entry('房管不能禁言其他房管'),
  LIVE_USER_NOT_FOUND: entry('用户不存在'),
  LIVE_MATCH_NOT_FOUND: entry('比赛不存在'),
  LIVE_MATCH_FINISHED: entry('比赛已结束'),
  LIVE_SCHEDULE_NOT_FOUND: entry('预约直播不存在'),
  LIVE_SCHEDULE_IN_PAST: entry('开播时间不能早于现在'),
  LIVE_TOO_MANY_ADMINS: entry(`房管最多 ${ROOM_ADMINS_MAX} 人`),
  LIVE_CANNOT_ADMIN_SELF: entry('不能设置自己为房管'),
  LIVE_ANCHOR_NOT_FOUND: entry('主播不存在'),
  LIVE_CANNOT_FOLLOW_SELF: entry('不能关注自己'),
  LIVE_NOTHING_TO_UPDATE: entry('没有要修改的内容'),
  LIVE_MOBILE_NOT_REGISTERED: entry('该手机号未注册'),
  /** A cookie-authenticated state-changing GET without X-Requested-With: the one CSRF rule (accounts/csrf.ts), for every GET flagged changesState. */
  LIVE_NEEDS_XHR: entry('请求来源无效', { status: 403 }),
  LIVE_COVER_NOT_ALLOWED: entry('封面只能是本站上传的图片或其他网站的 https 图片地址'),
  /** tenxun/getUserSig without a room to chat in (chat/chatPlugin.ts). */
  CHAT_ROOM_REQUIRED: entry('请提供 room_id 或 group_id'),
  PLAYBACK_NOT_FOUND: entry('文件不存在', { status: 404 }),
  PLAYBACK_NOT_LIVE: entry('直播未开始', { status: 404 }),
  PLAYBACK_TOO_MANY_PLAYERS: entry('播放连接过多，请稍后再试', { status: 429 }),
  // --- Replays (回放) and time-shift (回看): the media archive (live/media/archive). ---
  REPLAY_NOT_FOUND: entry('回放不存在'),
  REPLAY_NOT_OWNER: entry('只有主播本人可以管理回放'),
  /** The broadcast is still on air: its replay comes within a minute of its end. */
  REPLAY_NOT_READY: entry('直播尚未结束，回放稍后生成'),
  REPLAY_STILL_RECORDING: entry('直播结束后才能隐藏或删除回放'),
  /** Nothing could be kept (the storage was full…): the reason, for the anchor. */
  REPLAY_FAILED: entry((failure: string) => `回放不可用：${failure}`),
  REPLAY_LIST_SELECTOR: entry('请提供 room_id、anchor_id 或 match_id'),
  REPLAY_BAD_CURSOR: entry('cursor 无效'),

  // --- Clips (clips/): feed and person clips, their lists, files and the anchor's offset. ---
  CLIP_NOT_FOUND: entry('片段不存在'),
  CLIP_FILE_NOT_FOUND: entry('片段不存在或已删除', { status: 404 }),
  CLIP_ROOM_NOT_LIVE: entry('直播未开始，暂时无法剪辑'),
  CLIP_FORBIDDEN: entry('只有片段的创建者和主播可以修改或删除', { status: 403 }),
  CLIP_TOO_FREQUENT: entry((wait: string) => `剪辑过于频繁，请 ${wait}后再试`, { status: 429 }),
  CLIP_ROOM_BUSY: entry('该直播间剪辑的人太多，请稍后再试', { status: 429 }),
  CLIP_TITLE_EMPTY: entry('标题不能为空'),
  CLIP_TITLE_TOO_LONG: entry(`标题最多 ${CLIP_TITLE_MAX} 个字`),
  CLIP_TITLE_REFUSED: entry('标题包含不当内容，请修改后再试'),
  CLIP_LIST_SELECTOR: entry('请提供 match_id、room_id 或 latest 其中之一', { status: 400 }),
  CLIP_BAD_KINDS: entry('kinds 取值无效', { status: 400 }),
  CLIP_BAD_CURSOR: entry('cursor 无效', { status: 400 }),

  // --- Member centre: real name, anchor applications, public pages, watch history, activity banners (member/, activities/). ---
  MEMBER_REAL_NAME_INVALID: entry('姓名格式错误，请填写身份证上的中文姓名'),
  MEMBER_ID_NUMBER_INVALID: entry('身份证号码格式错误，请检查后重新输入'),
  MEMBER_ID_NUMBER_BIRTH_DATE_INVALID: entry('身份证号码中的出生日期无效，请检查后重新输入'),
  MEMBER_ID_NUMBER_TAKEN: entry('该身份证号码已被其他账号认证'),
  MEMBER_ALREADY_VERIFIED: entry('您已完成实名认证，无需重复认证'),
  MEMBER_VERIFICATION_REJECTED: entry((reason: string) => `实名认证未通过：${reason}`),
  MEMBER_VERIFY_TOO_FREQUENT: entry('实名认证操作过于频繁，请稍后再试', { status: 429 }),
  /**
   * Too many failed comparisons with stored personal data (a payout account's holder with the
   * legal name, an ID number already verified, the payment password) for this member or from this
   * address (member/identityChecks.ts). SPEC.md section 8 has no such entry: code 1, the message
   * shown as the page's error toast.
   */
  IDENTITY_CHECKS_TOO_MANY: entry((wait: string) => `核对失败次数过多，请 ${wait}后再试`, { status: 429 }),
  MEMBER_NOT_VERIFIED: entry('请先完成实名认证，再申请成为主播'),
  MEMBER_ALREADY_ANCHOR: entry('您已经是主播，无需重复申请'),
  MEMBER_APPLICATION_PENDING: entry('您的主播申请正在审核中，请耐心等待'),
  MEMBER_INTRODUCTION_TOO_SHORT: entry('个人简介至少 10 个字'),
  MEMBER_SAMPLE_INVALID: entry('作品链接必须是有效的 https 地址'),
  MEMBER_APPLICATION_NOT_FOUND: entry('主播申请不存在'),
  MEMBER_APPLICATION_ALREADY_REVIEWED: entry('该申请已审核，不能重复审核'),
  MEMBER_REJECT_REASON_EMPTY: entry('驳回理由至少 2 个字'),
  MEMBER_USER_NOT_FOUND: entry('用户不存在'),
  MEMBER_WATCH_ROOM_NOT_FOUND: entry('直播间不存在'),
  ACTIVITY_NOT_FOUND: entry('活动不存在'),
  ACTIVITY_TITLE_EMPTY: entry('活动标题不能为空'),
  ACTIVITY_IMAGE_INVALID: entry('活动图片只能是本站上传的图片或 https 图片地址'),
  ACTIVITY_LINK_INVALID: entry('活动链接只能是 https 地址或以 /web/ 开头的站内地址'),
  ACTIVITY_TIME_INVALID: entry('活动结束时间必须晚于开始时间'),

  // --- Scores and sports: matches, competitions, favourites (modules/scores, modules/sports). ---
  SCORES_MATCH_NOT_FOUND: entry('比赛不存在'),
  SCORES_COMPETITION_NOT_FOUND: entry('赛事不存在'),
  SCORES_NO_STANDINGS: entry('该赛事暂无积分榜'),
  SCORES_BAD_DATE: entry('date 日期无效'),
  SCORES_TOO_MANY_FAVORITES: entry('收藏的比赛已达上限'),
  // Knowledge bases (scores/knowledge/): api/base/*.
  KNOWLEDGE_TEAM_NOT_FOUND: entry('球队不存在'),
  KNOWLEDGE_PLAYER_NOT_FOUND: entry('球员不存在'),
  KNOWLEDGE_SEASON_NOT_FOUND: entry('该赛事没有这个赛季'),

  // --- Wallet (wallet/): the ledger, recharge orders, payments. ---
  /** A paid call without its Idempotency-Key header. */
  WALLET_IDEMPOTENCY_KEY_MISSING: entry('缺少请求标识 Idempotency-Key，请刷新页面后重试', { status: 400 }),
  /** The same Idempotency-Key sent again with other parameters. */
  WALLET_IDEMPOTENCY_KEY_REUSED: entry('该请求标识已用于另一笔操作，请刷新页面后重试', { status: 409 }),
  WALLET_INSUFFICIENT_BALANCE: entry('余额不足，请先充值'),
  /** A ledger leg between a points account and a coin account (a bug, never a member's doing): points are never bought nor cashed. */
  WALLET_LEDGER_UNITS_MIXED: entry('积分与金币不能互相转换', { status: 500 }),
  WALLET_CHARGE_RULE_NOT_FOUND: entry('充值套餐不存在或已下架'),
  WALLET_PAYMENT_PROVIDER_UNAVAILABLE: entry('暂不支持该支付方式'),
  WALLET_ORDER_NOT_FOUND: entry('订单不存在'),
  WALLET_ORDER_CLOSED: entry('订单已关闭，请重新下单'),
  WALLET_ORDER_ALREADY_PAID: entry('订单已支付'),
  /** A payment notify whose signature does not verify (the gateway retries; a forger gets nothing). */
  WALLET_NOTIFY_SIGNATURE_INVALID: entry('支付通知签名无效', { status: 400 }),
  WALLET_NOTIFY_AMOUNT_MISMATCH: entry('支付通知金额与订单不符', { status: 400 }),
  // Gifts (wallet/gifts/).
  WALLET_GIFT_NOT_FOUND: entry('礼物不存在或已下架'),
  WALLET_GIFT_ROOM_NOT_FOUND: entry('直播间不存在'),
  /** The anchor sends a gift into their own room. */
  WALLET_GIFT_OWN_ROOM: entry('不能给自己的直播间送礼物'),
  // Ops: recharge packages (wallet/chargeRulesOps.ts).
  /** More packages than CHARGE_RULES_MAX (@sports/shared). */
  WALLET_CHARGE_RULES_TOO_MANY: entry((max: number) => `充值套餐最多 ${max} 个，请修改或停用已有套餐`),
  /** An update of a package that does not exist. */
  WALLET_CHARGE_RULE_UNKNOWN: entry('充值套餐不存在', { status: 404 }),
  // Earnings, withdrawals, payout accounts, the payment password (wallet/withdrawals/).
  /** A conversion or withdrawal beyond the member's earnings (pending withdrawals already taken out). */
  WALLET_EARNINGS_INSUFFICIENT: entry('可用收益不足'),
  /** A conversion that would credit no coin at the configured rate. */
  WALLET_CONVERSION_TOO_SMALL: entry((min: number) => `每次至少兑换 ${min} 收益`),
  WALLET_PAYOUT_NOT_VERIFIED: entry('请先完成实名认证，再绑定收款账户或提现'),
  /** The card's or Alipay account's holder is not the member's verified legal name. */
  WALLET_PAYOUT_HOLDER_MISMATCH: entry('收款人姓名与实名认证的姓名不一致'),
  /** 12-19 digits failing the Luhn check. */
  WALLET_CARD_NUMBER_INVALID: entry('银行卡号无效，请核对后重新输入'),
  /** A bank name of blanks, control or markup characters (checked before the holder is compared). */
  WALLET_BANK_NAME_INVALID: entry('开户银行名称无效，请填写银行的中文或英文名称'),
  /** A holder that cannot be a legal name (checked before it is compared with the verified one). */
  WALLET_PAYOUT_HOLDER_INVALID: entry('收款人姓名格式错误，请填写身份证上的中文姓名'),
  WALLET_PAYOUT_ACCOUNT_MISSING: entry((what: string) => `请先绑定${what}`),
  WALLET_PAYMENT_PASSWORD_NOT_SET: entry('请先设置支付密码'),
  WALLET_PAYMENT_PASSWORD_WRONG: entry((remaining: number) => `支付密码错误，还可尝试 ${remaining} 次`),
  /** Five wrong payment passwords in a row: withdrawals wait until then (China time), or a change with an SMS code. */
  WALLET_PAYMENT_PASSWORD_LOCKED: entry((until: string) => `支付密码错误次数过多，已锁定至 ${until}（北京时间），可稍后再试或通过短信验证码修改支付密码`),
  WALLET_PAYMENT_PASSWORD_CODE_REQUIRED: entry('修改支付密码需要短信验证码，请先获取验证码'),
  WALLET_WITHDRAWAL_TOO_SMALL: entry((minYuan: string) => `单笔提现金额至少 ${minYuan} 元`),
  WALLET_WITHDRAWAL_NOT_MULTIPLE: entry((stepYuan: string) => `提现金额须为 ${stepYuan} 元的整数倍`),
  WALLET_WITHDRAWAL_DAILY_LIMIT: entry((limitYuan: string, leftYuan: string) => `超出每日提现限额 ${limitYuan} 元，今日还可提现 ${leftYuan} 元`),
  WALLET_WITHDRAWAL_NOT_FOUND: entry('提现记录不存在'),
  WALLET_WITHDRAWAL_ALREADY_REVIEWED: entry('该提现已审核，不能重复审核'),
  // --- Fan medals (fanMedals/): wear, the fans list, the anchor's medal name. ---
  /** Wearing a medal the member does not have (no gift or guard to that anchor yet). */
  FAN_MEDAL_NOT_OWNED: entry('你还没有该主播的粉丝勋章，送出礼物即可获得'),
  FAN_MEDAL_ANCHOR_NOT_FOUND: entry('主播不存在'),
  FAN_MEDAL_FANS_SELECTOR: entry('请提供 anchor_id 或 room_id 其中之一', { status: 400 }),
  FAN_MEDAL_NOT_ANCHOR: entry('只有主播可以设置粉丝勋章名称', { status: 403 }),
  FAN_MEDAL_NAME_LENGTH: entry('勋章名称需为 2-4 个字'),
  FAN_MEDAL_NAME_CHARACTERS: entry('勋章名称只能包含中文、字母和数字'),
  FAN_MEDAL_NAME_REFUSED: entry('勋章名称包含不当内容，请修改后再试'),
  // Guards (wallet/guards/).
  WALLET_GUARD_NOT_FOUND: entry('守护等级不存在或已下架'),
  WALLET_GUARD_ROOM_NOT_FOUND: entry('直播间不存在'),
  /** The anchor buys a guard of their own room. */
  WALLET_GUARD_OWN_ROOM: entry('不能开通自己直播间的守护'),
  /** A lower tier while a higher one is active in the room. */
  WALLET_GUARD_DOWNGRADE: entry('您当前的守护等级更高，到期后才能开通较低等级的守护'),
  /** An upgrade whose credit (the current tier's unused value) covers the whole price. */
  WALLET_GUARD_UPGRADE_TOO_SHORT: entry('当前守护的剩余价值已超过升级费用，请选择更多月数'),

  // Horns and barrage (wallet/horns/, wallet/barrage/): texts and limits are the chat's.
  /** The chat's refusal of the text or the sender (empty, too long, muted in the room, the room busy): its own words. */
  HORN_BARRAGE_REFUSED: entry((message: string) => message),
  /** The member's chat rate (the same limiter as their chat socket): its own words. */
  HORN_BARRAGE_RATE_LIMITED: entry((message: string) => message, { status: 429 }),
  /** One horn per WALLET_HORN_INTERVAL_SECONDS per member. */
  HORN_TOO_SOON: entry((seconds: number) => `喇叭发送太频繁，请 ${seconds} 秒后再试`, { status: 429 }),
  BARRAGE_ROOM_NOT_FOUND: entry('直播间不存在'),
  BARRAGE_STYLE_NOT_FOUND: entry('弹幕样式不存在或已下架'),
  /** A level-gated style below its level. */
  BARRAGE_STYLE_LEVEL: entry((level: number) => `该弹幕样式需要达到 LV${level}`),

  // Community posts (community/posts/): posts, comments, likes.
  COMMUNITY_POST_NOT_FOUND: entry('动态不存在或已删除'),
  COMMUNITY_COMMENT_NOT_FOUND: entry('评论不存在或已删除'),
  COMMUNITY_USER_NOT_FOUND: entry('用户不存在'),
  COMMUNITY_POST_EMPTY: entry('请输入内容或添加图片'),
  COMMUNITY_TEXT_BLANK: entry('内容不能为空'),
  COMMUNITY_IMAGE_NOT_OURS: entry('图片无效，请重新上传'),
  COMMUNITY_IMAGE_DUPLICATE: entry('同一张图片不能重复添加'),
  COMMUNITY_TOPIC_NOT_FOUND: entry('话题不存在'),
  COMMUNITY_MATCH_NOT_FOUND: entry('关联的比赛不存在'),
  COMMUNITY_ROOM_NOT_FOUND: entry('关联的直播间不存在'),
  COMMUNITY_ONE_LINK: entry('只能关联一场比赛或一个直播间'),
  /** The sensitive-word filter refused the text (the words are not shown back). */
  COMMUNITY_TEXT_REFUSED: entry('内容包含不当用语，请修改后再发布'),
  COMMUNITY_NOT_AUTHOR: entry('只能删除自己发布的内容', { status: 403 }),
  COMMUNITY_POSTING_TOO_FAST: entry((max: number) => `发布太频繁：每分钟最多 ${max} 条动态，请稍后再试`, { status: 429 }),
  COMMUNITY_COMMENTING_TOO_FAST: entry((max: number) => `评论太频繁：每分钟最多 ${max} 条评论，请稍后再试`, { status: 429 }),
  COMMUNITY_BAD_CURSOR: entry('分页参数无效，请从第一页重新加载'),

  // --- Points (points/): check-in, watch and chat earnings, the history. ---
  /** A second check-in the same China day (the first one's result is in api/Points/info). */
  POINTS_ALREADY_CHECKED_IN: entry('今日已签到，明天再来吧'),

  // --- The message centre (messages/, 消息中心): list, read, read all. ---
  MESSAGE_NOT_FOUND: entry('消息不存在', { status: 404 }),
  MESSAGE_CURSOR_UNKNOWN: entry('分页位置无效：请从第一页重新加载'),
  MESSAGE_READ_NOTHING: entry('请提供要标为已读的消息 id 或 ids'),

  // --- Alerts and notifications (alerts/, 通知设置, Web Push). ---
  PUSH_ENDPOINT_INVALID: entry('推送地址无效：须为浏览器推送服务的 https 地址'),
  PUSH_KEYS_INVALID: entry('推送密钥无效：p256dh 须为 65 字节、auth 须为 16 字节的 base64url'),

  // --- Follows (follows/, 关注): teams, leagues and players. ---
  FOLLOW_TARGET_NOT_FOUND: entry((what: string) => `${what}不存在`, { status: 404 }),
  FOLLOW_ALREADY: entry((what: string) => `你已关注该${what}`),
  FOLLOW_NOT_FOLLOWING: entry((what: string) => `你未关注该${what}`),
  FOLLOW_TOO_MANY: entry((what: string, max: number) => `最多关注 ${max} 个${what}，请先取消部分关注`),

  // --- Predictions (predictions/): create, stake, cancel, settle (竞猜). ---
  PREDICTION_NOT_FOUND: entry('竞猜不存在'),
  PREDICTION_ROOM_NOT_FOUND: entry('直播间不存在'),
  /** Only the room's anchor, its admins or ops open or cancel a prediction. */
  PREDICTION_NOT_ALLOWED: entry('只有主播、房管或运营可以发起或取消竞猜', { status: 403 }),
  PREDICTION_NO_MATCH: entry('直播间没有关联比赛，只能发起自定义竞猜'),
  PREDICTION_MATCH_OVER: entry('比赛已结束，不能再发起竞猜'),
  PREDICTION_TEMPLATE_SPORT: entry('该竞猜模板不适用于这场比赛的项目'),
  PREDICTION_LINE_REQUIRED: entry('请设置盘口（N.5 中的 N）'),
  PREDICTION_LOCK_REQUIRED: entry('比赛已开始：请设置竞猜截止时间'),
  PREDICTION_OUTCOMES_COUNT: entry('竞猜选项需为 2-10 个'),
  PREDICTION_OUTCOME_BLANK: entry('竞猜选项不能为空或重复'),
  PREDICTION_TITLE_BLANK: entry('竞猜标题不能为空'),
  /** The stake came at or after the lock time (the database's clock, in the stake's transaction). */
  PREDICTION_LOCKED: entry('竞猜已截止，不能再下注'),
  PREDICTION_CLOSED: entry('竞猜已结束'),
  PREDICTION_OUTCOME_UNKNOWN: entry('竞猜选项不存在'),
  PREDICTION_AMOUNT_NOT_INTEGER: entry('下注积分必须是整数'),
  PREDICTION_AMOUNT_TOO_SMALL: entry('下注积分至少为 1'),
  PREDICTION_AMOUNT_TOO_LARGE: entry((max: number) => `单次下注最多 ${max} 积分`),
  /** The ledger's own refusal speaks of coins: points answer with this one. */
  PREDICTION_POINTS_NOT_ENOUGH: entry('积分不足'),
  PREDICTION_ALREADY_STAKED: entry('你已参与过该竞猜'),
  PREDICTION_OWN_ROOM: entry('主播不能参与自己直播间的竞猜'),

  // --- Red packets (redPackets/): create, grab, the 口令, expiry. ---
  RED_PACKET_ROOM_NOT_FOUND: entry('直播间不存在'),
  RED_PACKET_BAD_COINS: entry((max: number) => `红包金额必须是 1 到 ${max} 之间的整数金币`),
  RED_PACKET_BAD_SHARES: entry((max: number) => `红包个数必须是 1 到 ${max} 之间的整数`),
  RED_PACKET_SHARES_OVER_COINS: entry('每个红包至少 1 金币：金额不能少于个数'),
  RED_PACKET_BAD_EXPIRY: entry((min: number, max: number) => `红包有效期必须在 ${min} 到 ${max} 秒之间`),
  RED_PACKET_BAD_PASSWORD: entry('口令须为 1 到 20 个字，且不能只有空格'),
  RED_PACKET_NOT_FOUND: entry('红包不存在', { status: 404 }),
  RED_PACKET_ALREADY_GRABBED: entry('你已经抢过这个红包了'),
  RED_PACKET_EMPTY: entry('手慢了，红包已被抢光'),
  RED_PACKET_EXPIRED: entry('红包已过期'),
  RED_PACKET_OWN: entry('不能抢自己发的红包'),
  RED_PACKET_FOLLOWERS_ONLY: entry('关注主播后才能抢这个红包'),
  RED_PACKET_PASSWORD_NEEDED: entry('请先在弹幕中发送口令'),
  RED_PACKET_ACCOUNT_TOO_NEW: entry((hours: number) => `注册满 ${hours} 小时的账号才能抢红包`),
  RED_PACKET_MOBILE_NEEDED: entry('绑定手机号后才能抢红包'),
  RED_PACKET_TOO_MANY_FROM_ADDRESS: entry('同一网络抢红包次数过多', { status: 429 }),
  RED_PACKET_TOO_MANY_FROM_DEVICE: entry('同一设备抢红包次数过多', { status: 429 }),

  // --- Lotteries (lotteries/, 天选时刻): create, enter, the draw, cancel. ---
  LOTTERY_ROOM_NOT_FOUND: entry('直播间不存在'),
  LOTTERY_NOT_OWNER: entry('只有直播间的主播可以发起或取消天选时刻', { status: 403 }),
  LOTTERY_BAD_PRIZE: entry('奖品须二选一：每位中奖者的金币数，或实物奖品的描述'),
  LOTTERY_BAD_COINS: entry((max: number) => `每位中奖者的金币须为 1 到 ${max} 之间的整数`),
  LOTTERY_BAD_ITEM: entry('实物奖品的描述须为 1 到 40 个字，且不能只有空格'),
  LOTTERY_ITEM_REFUSED: entry('奖品描述含有不允许使用的词语'),
  LOTTERY_BAD_WINNERS: entry((max: number) => `中奖人数须为 1 到 ${max} 之间的整数`),
  LOTTERY_BAD_WINDOW: entry((min: number, max: number) => `参与时长须为 ${min} 到 ${max} 秒之间的整数`),
  LOTTERY_BAD_CONDITION: entry('参与条件的参数不符：口令弹幕须填口令，粉丝勋章须填等级，其他条件不填'),
  LOTTERY_BAD_PASSWORD: entry('口令须为 1 到 20 个字，且不能只有空格'),
  LOTTERY_PASSWORD_REFUSED: entry('口令含有不允许使用的词语'),
  LOTTERY_BAD_MEDAL_LEVEL: entry('粉丝勋章等级须为 1 到 20 之间的整数'),
  LOTTERY_ALREADY_OPEN: entry('直播间已有一个进行中的天选时刻，开奖后才能再发起'),
  LOTTERY_NOT_FOUND: entry('天选时刻不存在', { status: 404 }),
  LOTTERY_ALREADY_ENTERED: entry('你已经参与过这个天选时刻了'),
  LOTTERY_CLOSED: entry('天选时刻已截止参与'),
  LOTTERY_OWN: entry('主播不能参与自己的天选时刻'),
  LOTTERY_FOLLOW_NEEDED: entry('关注主播后才能参与这个天选时刻'),
  LOTTERY_PASSWORD_NEEDED: entry('这个天选时刻须在弹幕中发送口令参与'),
  LOTTERY_MEDAL_NEEDED: entry((level: number) => `主播的粉丝勋章达到 ${level} 级才能参与`),
  LOTTERY_ACCOUNT_TOO_NEW: entry((hours: number) => `注册满 ${hours} 小时的账号才能参与天选时刻`),
  LOTTERY_MOBILE_NEEDED: entry('绑定手机号后才能参与天选时刻'),
  LOTTERY_TOO_MANY_FROM_ADDRESS: entry('同一网络参与天选时刻的次数过多', { status: 429 }),
  LOTTERY_TOO_MANY_FROM_DEVICE: entry('同一设备参与天选时刻的次数过多', { status: 429 }),
  LOTTERY_NOT_CANCELLABLE: entry('天选时刻已开奖或已取消，不能再取消'),

  // --- Headlines (community/headlines/): articles, reads, likes, the ops editor. ---
  HEADLINE_NOT_FOUND: entry('文章不存在或已下线'),
  HEADLINE_CATEGORY_UNKNOWN: entry('文章分类不存在'),
  HEADLINE_BAD_COVER: entry('封面图片无效：请使用上传的图片'),
  HEADLINE_MATCH_NOT_FOUND: entry((ids: number[]) => `关联的比赛不存在：${ids.join('、')}`),
  HEADLINE_TITLE_BLANK: entry('标题不能为空'),
  HEADLINE_BODY_BLANK: entry('正文不能为空'),

  // Moderation (moderation/): the sensitive-word filter, reports, the ops queue, account bans.
  /** Text a member publishes holds a listed word: nothing offensive is said back. */
  MODERATION_TEXT_REFUSED: entry('内容包含不当用语，请修改后再发布'),
  MODERATION_KIND_UNAVAILABLE: entry('暂不支持举报该类内容'),
  MODERATION_TARGET_NOT_FOUND: entry('举报的内容不存在或已删除'),
  MODERATION_SELF_REPORT: entry('不能举报自己或自己发布的内容'),
  MODERATION_DUPLICATE_REPORT: entry('你已举报过该内容，请等待处理'),
  MODERATION_REPORTING_TOO_FAST: entry((max: number) => `举报太频繁：每小时最多 ${max} 次，请稍后再试`, { status: 429 }),
  MODERATION_WORD_INVALID: entry('敏感词无效：不能只有空格或标点，且不超过 32 个字'),
  MODERATION_WORD_CHANGE_EMPTY: entry('请填写要添加或删除的敏感词'),
  MODERATION_WORD_LIST_FULL: entry((max: number) => `敏感词最多 ${max} 个，请先删除一些`),
  MODERATION_REPORT_NOT_FOUND: entry('举报不存在', { status: 404 }),
  MODERATION_REPORT_CLOSED: entry('该举报已处理'),
  MODERATION_ACTION_UNSUPPORTED: entry('该举报对象不支持此操作'),
  /** A banned member logging in: until when (China time). */
  ACCOUNT_BANNED: entry((until: string) => `账号已被封禁，解封时间：${until}`, { status: 403 }),

  // --- Micro-frontend releases and rollouts (modules/mf): ops and remote telemetry. ---
  OPS_FORBIDDEN: entry('需要运维权限', { status: 403 }),
  TELEMETRY_RATE_LIMITED: entry('上报过于频繁，请稍后再试', { status: 429 }),
  RELEASE_REFUSED: entry((problems: string[]) => `发布被拒绝：${problems.join('；')}`),
  /** A release built with another Module Federation runtime than the host's (rollouts/federationRuntimeCheck.ts). */
  RELEASE_RUNTIME_MISMATCH: entry(
    (release: string, host: string) => `发布被拒绝：它的模块联邦运行时是 ${release}，主应用的是 ${host}（须同一主版本和次版本）；请用 @module-federation/enhanced ${host} 重新构建`,
  ),
  RELEASE_UNKNOWN: entry((releaseId: string) => `发布 ${releaseId} 未登记`),
  RELEASE_CHANGED_WHILE_SEALING: entry('发布文件在登记时被改动，请重新发布'),
  RELEASE_SEALED: entry('发布已登记，文件不可修改', { status: 409 }),
  RELEASE_BAD_PATH: entry('文件路径无效'),
  /** A release file uploaded as something other than raw bytes. */
  RELEASE_NOT_BINARY: entry('文件路径无效', { status: 415 }),
  RELEASE_FILE_CONFLICT: entry('同名文件内容不同：发布不可覆盖', { status: 409 }),
  ROLLOUT_SAME_AS_STABLE: entry('该发布已是稳定版本'),
  ROLLOUT_NO_CANDIDATE: entry('当前没有候选发布'),
  /**
   * The release would take traffic with a path another remote's release in traffic (its stable, or
   * its candidate at any percentage) holds (rollouts/routeOwnership.ts): the first such path.
   */
  ROUTE_CLAIMED: entry((path: string, remote: string, releaseId: string) => `路径 #/${path} 已由 ${remote} 的发布 ${releaseId} 使用`),
  OVERRIDE_RELEASE_WITHDRAWN: entry((releaseId: string) => `发布 ${releaseId} 已回滚，不能用于测试覆盖；请先重新灰度`),
  OVERRIDE_MINUTES: entry((max: number) => `有效期必须是 1 到 ${max} 分钟`),
});

export type ReasonKey = keyof typeof errors;

type Limit = number | string;

/**
 * The texts of VALIDATION's message, one per JSON-schema keyword: validationMessages.ts picks the
 * most useful schema error and the field's name, these say what is wrong with it.
 */
export const validationTexts = {
  fallback: '参数错误',
  required: (field: string) => `缺少参数 ${field}`,
  type: (field: string) => `${field} 类型错误`,
  controlCharacter: (field: string) => `${field} 不能包含控制字符`,
  maxLength: (field: string, limit: Limit) => `${field} 长度不能超过 ${limit} 个字符`,
  minLength: (field: string, limit: Limit) => (limit === 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${limit} 个字符`),
  maximum: (field: string, limit: Limit) => `${field} 不能大于 ${limit}`,
  minimum: (field: string, limit: Limit) => `${field} 不能小于 ${limit}`,
  maxItems: (field: string, limit: Limit) => `${field} 最多 ${limit} 项`,
  minItems: (field: string, limit: Limit) => `${field} 至少 ${limit} 项`,
  format: (field: string) => `${field} 格式错误`,
  notAllowedValue: (field: string) => `${field} 取值无效`,
  unsupported: (field: string) => `不支持的参数 ${field}`,
} as const;
