import { sharedMessages, type MatchEventKind, type OddsMarketName, type ScoreSport } from '@sports/shared';

/**
 * Every string mf-scores shows (zh-CN), one catalogue so another locale needs no component change.
 * Strings SPEC.md gives come from sharedMessages.
 */

/** Page titles and one-line descriptions, by route path. */
export const pageCopy: Record<string, { title: string; description: string }> = {
  'football': { title: '足球', description: '足球比分：进行中、未开始、已结束。' },
  'basketball': { title: '篮球', description: '篮球比分：进行中、未开始、已结束。' },
  'bifen': { title: '比分', description: '全部比分一览。' },
  'score-detail': { title: '比赛详情', description: '事件时间线、技术统计、指数、积分榜与情报。' },
  'schedule': { title: '赛程', description: '按日期和项目浏览赛程。' },
  'foresight': { title: '情报中心', description: '赛前情报：伤停、近况、交锋。' },
  'trophy/home': { title: '世界杯', description: '世界杯专题。' },
};

export const sportNames: Record<ScoreSport, string> = { football: '足球', basketball: '篮球', esports: '电竞', general: '综合' };

export const widgetCopy = {
  hotMatchesTitle: '热门赛事',
  hotMatchesFailed: '热门赛事暂时无法加载',
  loading: '加载中…',
} as const;

export const boardCopy = {
  tabsLabel: '比赛状态',
  tabs: { live: '进行中', scheduled: '未开始', finished: '已结束', favourites: '我的收藏' },
  competition: '赛事筛选',
  /** The phone's folded toolbar (BoardFilters): the competition filter and the settings behind it. */
  filters: '筛选与设置',
  allCompetitions: '全部赛事',
  listCaption: (title: string, tab: string) => `${title}·${tab}`,
  columns: {
    time: '时间',
    competition: '赛事',
    status: '状态',
    home: '主队',
    score: '比分',
    away: '客队',
    half: '半场',
    periods: '各节比分',
    favourite: '收藏',
  },
  empty: { live: '当前没有进行中的比赛', scheduled: '暂无未开始的比赛', finished: '暂无已结束的比赛', favourites: '还没有收藏的比赛，点击比赛前的星标即可收藏' },
  loading: '加载中…',
  failed: '比赛列表暂时无法加载',
  retry: sharedMessages.retry,
  loadMore: (shown: number, total: number) => `加载更多（${shown}/${total}）`,
  favourite: (home: string, away: string) => `收藏 ${home} 对 ${away}`,
  favourited: '已收藏',
  unfavourited: '已取消收藏',
  redCards: (count: number) => `红牌 ${count}`,
  yellowCards: (count: number) => `黄牌 ${count}`,
  detailLink: (home: string, away: string) => `${home} 对 ${away} 比赛详情`,
  connection: { connecting: '实时连接中…', open: '实时更新中', reconnecting: '实时连接已断开，正在重连…', closed: '实时更新已停止' },
} as const;

export const settingsCopy = {
  title: '比分设置',
  display: '显示',
  red: '显示红牌',
  yellow: '显示黄牌',
  voice: '进球声音',
  alerts: '进球提示',
  value1: '进球弹窗',
  value2: '全部赛事（关闭则只提示热门赛事）',
  value3: '只提示收藏的比赛',
  value4: '弹窗保持到手动关闭',
} as const;

export const statusCopy = { scheduled: '未开赛', live: '进行中', halftime: '中场', finished: '完场' } as const;

export const detailCopy = {
  missingId: '缺少比赛编号，请从比分列表进入比赛详情。',
  loading: '加载中…',
  failed: '比赛详情暂时无法加载',
  sectionsLabel: '比赛详情栏目',
  tabs: { timeline: '赛况', statistics: '技术统计', odds: '指数', standings: '积分榜', intelligence: '情报' },
  venue: '场地',
  kickoff: '开赛时间',
  halfTime: (home: number, away: number) => `半场 ${home}-${away}`,
  /** A knockout decided by a shoot-out: the score stays the 120 minutes'. */
  penalties: (home: number, away: number) => `点球 ${home}-${away}`,
  noEvents: '暂无比赛事件',
  playClip: (what: string) => `看回放：${what}`,
  replays: '直播回放',
  replayLink: (anchor: string, title: string) => `看回放：${anchor} ${title}`,
  noStatistics: '暂无技术统计',
  noOdds: '暂无指数',
  noStandings: '暂无积分榜',
  company: '指数公司',
  markets: { europe: '欧指（胜平负）', asia: '亚盘（让球）', total: '大小球' } satisfies Record<OddsMarketName, string>,
  basketballMarkets: { europe: '欧指（胜负）', asia: '让分', total: '总分' } satisfies Record<OddsMarketName, string>,
  oddsColumns: { kind: '类别', line: '盘口', home: '主 / 大', draw: '平', away: '客 / 小' },
  opening: '初盘',
  current: '即时',
  history: '变化记录',
  historyColumns: { time: '时间', match: '比赛时间', score: '比分', line: '盘口', home: '主', draw: '平', away: '客' },
  showHistory: (market: string) => `${market}变化记录`,
  commentary: '文字直播',
  noCommentary: '暂无文字直播',
  events: {
    kickoff: '开赛',
    goal: '进球',
    yellow: '黄牌',
    red: '红牌',
    substitution: '换人',
    halftime: '中场',
    second_half: '下半场开始',
    fulltime: '完场',
    score: '得分',
    period_end: '本节结束',
    game_start: '本局开始',
    game_end: '本局结束',
    highlight: '精彩瞬间',
  } satisfies Record<MatchEventKind, string>,
  penalty: '点球',
  ownGoal: '乌龙球',
  secondYellow: '两黄变一红',
  substitution: (off: string, on: string) => `${on} 换下 ${off}`,
  points: (points: number) => `${points}分`,
  standingsColumns: { position: '排名', team: '球队', played: '场次', won: '胜', drawn: '平', lost: '负', goals: '进/失', diff: '净胜', points: '积分', form: '近况' },
  basketballStandingsColumns: { goals: '得/失分', points: '胜场' },
} as const;

export const intelligenceCopy = {
  absences: '伤停情况',
  noAbsences: '暂无伤停',
  injury: '伤病',
  suspension: '停赛',
  recent: (team: string) => `${team} 近期战绩`,
  headToHead: '历史交锋',
  noResults: '暂无记录',
  columns: { date: '日期', competition: '赛事', match: '对阵', score: '比分', result: '结果' },
  results: { W: '胜', D: '平', L: '负' } as Record<string, string>,
  team: '球队',
  player: '球员',
  kind: '类型',
  reason: '原因',
} as const;

export const scheduleCopy = {
  sportsLabel: '项目',
  sports: { 0: '全部', 1: '足球', 2: '篮球', 3: '电竞', 4: '综合' } as Record<number, string>,
  datesLabel: '日期',
  today: '今天',
  noScores: '该项目暂无比分赛程',
  empty: '当天没有比赛',
} as const;

export const foresightCopy = {
  upcoming: '即将开赛',
  empty: '暂无即将开赛的比赛',
  toDetail: '查看比赛详情',
} as const;

export const trophyCopy = {
  competitionName: '世界杯',
  empty: '暂无世界杯赛事数据',
  emptyHint: '世界杯开赛后，这里会显示小组积分和全部比赛。',
  groups: '小组积分',
  matches: '今日比赛',
  noMatchesToday: '今天没有世界杯比赛',
  knowledgeBase: '资料库：赛程赛果、射手榜、球队与球员',
  knockouts: '淘汰赛',
  champion: (team: string) => `冠军：${team}`,
  penalties: (home: number, away: number) => `点球 ${home}-${away}`,
  /** The knockout rounds, the final first (as the feed names them in round_zh). */
  rounds: ['决赛', '季军赛', '半决赛', '1/4决赛', '1/8决赛', '1/16决赛'],
} as const;
