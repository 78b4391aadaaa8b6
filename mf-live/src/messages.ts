/** UI copy of mf-live (zh-CN), one catalogue so another locale needs no component change. */

/** Page titles (h1), by route. */
export const pageCopy: Record<string, { title: string }> = {
  'anchor': { title: '直播' },
  'live': { title: '直播间' },
  'score-live': { title: '比赛直播' },
  'rank': { title: '排行榜' },
  'attention': { title: '我的关注' },
  'reserve': { title: '预约' },
};

export const commonCopy = {
  failed: '加载失败',
  retry: '重试',
  copied: '已复制',
  copyFailed: '复制失败，请手动复制',
  saved: '已保存',
  dismiss: '知道了',
} as const;

/** The live list's types (SPEC.md section 2: anchor?type=0..4). */
export const liveTypeLabels: Record<number, string> = { 0: '全部', 1: '足球', 2: '篮球', 3: '电竞', 4: '综合' };

export const listCopy = {
  typeTabs: '直播类型',
  empty: '暂时没有直播间',
  failed: '直播列表加载失败',
  live: '直播中',
  offline: '未开播',
  viewers: (count: number) => `${count} 人在看`,
  myRoom: '我的直播间',
  cover: (title: string) => `${title} 的封面`,
  avatar: (name: string) => `${name} 的头像`,
} as const;

export const playerCopy = {
  region: '直播画面',
  video: (title: string) => `${title} 直播视频`,
  state: {
    offline: '未开播',
    paused: '主播暂时离开',
    ended: '直播已结束',
    connecting: '连接中…',
    playing: '直播中',
    reconnecting: '信号中断，正在重连…',
    stopped: '直播信号中断',
    unsupported: '当前浏览器无法播放该直播',
  },
  offlineCurtain: '主播暂时不在，开播后自动播放',
  /** Over the last picture while the push is away (the player resumes by itself). */
  pausedCurtain: '主播暂时离开，回来后自动播放',
  endedCurtain: '直播已结束',
  /** Under 直播已结束 / 主播暂时离开 when the last broadcast has a replay. */
  lastReplay: '看上一场回放',
  stoppedCurtain: '直播信号中断，暂时无法播放',
  retry: '重新连接',
  unmute: '打开声音',
  mute: '静音',
} as const;

export const danmakuCopy = {
  settings: '弹幕设置',
  show: '显示弹幕',
  area: '显示区域',
  areaLevels: { 1: '1/4 屏', 2: '半屏', 3: '3/4 屏', 4: '全屏' } as Record<number, string>,
  size: '字号',
  sizeLevels: { 1: '小', 2: '中', 3: '大' } as Record<number, string>,
  opacity: '不透明度',
} as const;

export const chatCopy = {
  panel: '聊天',
  channels: '消息频道',
  allChannel: '全部',
  anchorChannel: '主播',
  assistantChannel: '助手',
  log: (channel: string) => `${channel}消息`,
  noMessages: '还没有消息，来说点什么吧',
  input: '发送消息',
  placeholder: '说点什么…',
  /** A guest's message box: sending opens the login modal. */
  guestPlaceholder: '登录后参与聊天',
  /** Where a member reads 你的昵称：…, a guest reads this (never the raw guest id). */
  guestNote: '你正在以游客身份观看',
  guestLogin: '登录发言',
  /** The placeholder while the viewer is muted; `until`: when a timed mute ends (HH:mm today). */
  mutedPlaceholder: (until: string | null) => (until === null ? '你已被禁言' : `你已被禁言至 ${until}`),
  send: '发送',
  danmakuToggle: '同时发弹幕',
  counter: (length: number, max: number) => `${length}/${max}`,
  online: (count: number) => `在线 ${count}`,
  onlineLabel: '在线人数',
  youAre: (name: string) => `你的昵称：${name}`,
  connecting: '正在连接聊天…',
  reconnecting: '聊天已断开，正在重连…',
  chatFailed: '聊天连接失败',
  mute: (name: string) => `禁言 ${name}`,
  muted: (name: string) => `已禁言 ${name}`,
  systemNotices: '系统通知',
} as const;

/** A member's level badge beside their name in the chat and danmaku (issue 12). */
export const levelCopy = {
  badge: (level: number) => `LV${level}`,
  title: (level: number) => `等级 ${level}`,
} as const;

/** The activity banner beside the live room (api/Activity_Config/getActivityUrl). */
export const activityCopy = {
  region: '活动',
  newWindow: (title: string) => `${title}（在新窗口打开）`,
} as const;

export const roomCopy = {
  notFound: '直播间不存在',
  failed: '直播间加载失败',
  noRoomId: '缺少直播间编号',
  anchor: '主播',
  follow: '关注',
  following: '已关注',
  followed: '关注成功',
  unfollowed: '已取消关注',
  followers: (count: number) => `${count} 粉丝`,
  placard: '公告',
  noPlacard: '暂无公告',
  reserve: '预约',
  reserved: '已预约',
  reservedToast: '预约成功',
  schedules: '直播预告',
  noSchedules: '暂无直播预告',
  match: '比赛',
  startsAt: '开播时间',
} as const;

export const ownerCopy = {
  panel: '主播控制台',
  createTitle: '创建直播间',
  createHint: '你还没有直播间，创建后即可开播。',
  title: '直播标题',
  type: '直播类型',
  create: '创建直播间',
  created: '直播间已创建',
  start: '开始直播',
  end: '结束直播',
  started: '直播间已开启',
  ended: '直播已结束',
  saveTitle: '保存标题',
  placard: '直播公告',
  savePlacard: '保存公告',
  pushAddress: '推流地址',
  serverUrl: '服务器地址',
  streamKey: '串流密钥',
  copyServer: '复制服务器地址',
  copyKey: '复制串流密钥',
  pushUrl: '完整推流地址',
  copyPushUrl: '复制完整推流地址',
  rotateKey: '重置密钥',
  rotated: '推流密钥已重置，旧地址失效',
  expiresAt: (at: string) => `有效期至 ${at}`,
  showPush: '获取推流地址',
  titleRequired: '请输入直播标题',
  goToRoom: '进入我的直播间',
  anchorsOnly: '成为主播后才能开播',
  loginFirst: '登录后管理你的直播间',
} as const;

export const rankCopy = {
  title: '直播间排行',
  periods: '排行周期',
  week: '周榜',
  month: '月榜',
  all: '总榜',
  empty: '暂无排行',
  failed: '排行加载失败',
  rank: '名次',
  room: '直播间',
  anchor: '主播',
  state: '状态',
  score: '热度',
} as const;
export const attentionCopy = {
  empty: '你还没有关注主播',
  failed: '关注列表加载失败',
  unfollow: '取消关注',
  manage: '管理关注',
  noRoom: '暂无直播间',
  loginRequired: '登录后查看你的关注',
} as const;
export const reserveCopy = {
  mine: '我的预约',
  upcoming: '即将开播',
  emptyMine: '你还没有预约',
  emptyUpcoming: '暂无直播预告',
  cancel: '取消预约',
  failed: '预约加载失败',
  loginRequired: '登录后查看你的预约',
} as const;
export const scoreLiveCopy = {
  noMatchId: '缺少比赛编号',
  noRoom: '这场比赛暂时没有直播间',
  scheduled: '已预约此比赛的直播间',
  matchDetail: '查看比分详情',
} as const;

/** The owner console's room admins (api/tenxun/getRoomAdmin|setRoomAdmin, picked from api/Live/followerList). */
export const adminCopy = {
  heading: '房管',
  count: (count: number, max: number) => `房管 ${count}/${max}`,
  empty: '还没有房管',
  failed: '房管列表加载失败',
  remove: '移除',
  removeLabel: (name: string) => `移除房管 ${name}`,
  removed: (name: string) => `已移除房管 ${name}`,
  full: (max: number) => `房管已满 ${max} 人，移除后才能添加`,
  pickHeading: '从粉丝中添加房管',
  search: '搜索粉丝',
  searchPlaceholder: '输入粉丝昵称',
  searchButton: '搜索',
  results: '粉丝',
  add: '设为房管',
  addLabel: (name: string) => `设为房管 ${name}`,
  added: (name: string) => `已设 ${name} 为房管`,
  isAdmin: '已是房管',
  noFollowers: '还没有粉丝',
  noMatches: (keyword: string) => `没有昵称包含“${keyword}”的粉丝`,
  followersFailed: '粉丝列表加载失败',
  avatar: (name: string) => `${name} 的头像`,
} as const;

/** The owner console's scheduled broadcasts (setReserveLiveNew, deleteReserveLive). */
export const ownerScheduleCopy = {
  heading: '直播预告管理',
  empty: '还没有直播预告',
  failed: '直播预告加载失败',
  delete: '删除',
  deleteLabel: (name: string) => `删除直播预告 ${name}`,
  deleted: '直播预告已删除',
  formHeading: '添加直播预告',
  day: '日期',
  today: '今天',
  tomorrow: '明天',
  sport: '项目',
  allSports: '全部',
  sports: { football: '足球', basketball: '篮球' } as Record<string, string>,
  match: '比赛',
  chooseMatch: '请选择比赛',
  noMatches: '当天没有比赛',
  matchesLoading: '正在加载比赛…',
  matchesFailed: '比赛加载失败',
  title: '预告标题（可选）',
  startsAt: '开播时间（可选，默认比赛开始时间）',
  add: '添加预告',
  added: '直播预告已添加',
  matchRequired: '请先选择比赛',
} as const;

/** The owner console's category and cover (api/Live/updateLive, upload). */
export const roomSettingsCopy = {
  categoryHeading: '直播分类',
  category: '直播分类',
  saveCategory: '保存分类',
  categorySaved: '直播分类已保存',
  coverHeading: '直播封面',
  currentCover: '当前封面',
  noCover: '暂无封面',
  upload: '上传封面',
  uploading: '正在上传…',
  hint: (megabytes: number) => `支持 PNG、JPG、WebP、GIF 图片，不超过 ${megabytes} MB`,
  notImage: '只能上传 PNG、JPG、WebP 或 GIF 图片',
  tooBig: (megabytes: number) => `图片不能超过 ${megabytes} MB`,
  saved: '封面已更新',
} as const;

/** Gifts in the room (issue 13): the panel, the chat line, the animation, the contribution board. */
export const giftCopy = {
  panel: '礼物',
  choices: '选择礼物',
  price: (coins: number) => `${coins} 金币`,
  countGroup: '赠送数量',
  countInput: '数量',
  countPreset: (count: number) => `${count} 个`,
  countInvalid: '数量为 1–999 的整数',
  total: (coins: number) => `共 ${coins} 金币`,
  send: '赠送',
  sending: '赠送中…',
  balance: (coins: number) => `余额 ${coins}`,
  sent: (name: string, count: number) => `已赠送 ${name} x${count}`,
  recharge: '去充值',
  unknown: '网络异常，赠送结果未知',
  retry: '重试',
  failed: '礼物加载失败',
  empty: '暂无礼物',
  /** The chat line and the animation: `<sender> 送出 <gift>` then x<count>. */
  line: (sender: string, gift: string) => `${sender} 送出 ${gift}`,
  count: (count: number) => `x${count}`,
  board: '贡献榜',
  periods: '贡献榜周期',
  today: '今日',
  week: '本周',
  boardEmpty: '暂无贡献',
  boardFailed: '贡献榜加载失败',
  contribution: (coins: number) => `${coins} 金币`,
} as const;

/** The bar under the player (room/RoomActionBar.tsx): gifts, guard, horn and danmaku open from it. */
export const actionBarCopy = {
  bar: '互动栏',
  gifts: '礼物',
  giftsTitle: '送礼物',
  giftShortcut: (name: string, coins: number) => `送${name}（${coins} 金币）`,
  guard: '守护',
  guardTitle: '开通守护',
  horn: '喇叭',
  hornTitle: '发喇叭',
  barrage: '弹幕',
  barrageTitle: '发弹幕',
  balance: (coins: number) => `余额 ${coins} 金币`,
  recharge: '充值',
} as const;

/** The anchor bar above the player (room/AnchorBar.tsx). */
export const anchorBarCopy = {
  state: { live: '直播中', paused: '主播暂时离开', ended: '直播已结束', idle: '未开播' },
  viewers: (count: number) => `${count} 人在看`,
} as const;
