/** User-visible messages of the scores endpoints (zh-CN). */
export const scoresMessages = {
  matchNotFound: '比赛不存在',
  competitionNotFound: '赛事不存在',
  noStandings: '该赛事暂无积分榜',
  badDate: 'date 日期无效',
  tooManyFavorites: '收藏的比赛已达上限',
} as const;
