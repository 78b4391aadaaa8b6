/** What the score bar and the commentary say (user-visible strings of the room's match). */
export const scoreBarCopy = {
  region: '比分',
  yellow: (count: number) => `黄牌 ${count}`,
  red: (count: number) => `红牌 ${count}`,
  periods: '各节比分',
  period: (index: number) => (index < 4 ? `第${index + 1}节` : `加时${index - 3}`),
  games: '各局比分',
  game: (index: number) => `第${index + 1}局`,
  seriesKills: '击杀',
  seriesPoints: '得分',
  detail: '比赛详情',
  loading: '比分加载中…',
} as const;

export const commentaryCopy = {
  title: '文字直播',
  empty: '比赛开始后这里会有文字直播',
  failed: '文字直播加载失败',
} as const;
