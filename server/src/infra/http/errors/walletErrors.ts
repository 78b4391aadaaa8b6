import { entry } from './entry';

/** The wallet: the ledger, recharges, gifts, earnings and withdrawals, fan medals, guards, horns and barrage. One group of the one errors table (../errorCatalogue.ts). */
export const walletErrors = {
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
};
