import { entry } from './entry';

/** What keeps fans coming back: points, the message centre, alerts, follows, predictions, red packets and lotteries. One group of the one errors table (../errorCatalogue.ts). */
export const engagementErrors = {
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
};
