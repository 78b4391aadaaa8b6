/**
 * The 关注 filter's strings (issue 39): followed teams' and leagues' matches first. Apart from
 * messages.ts, whose every string the home page's hot-matches widget loads on the first visit.
 */
export const followFilterCopy = {
  filter: '关注',
  hint: '关注的球队和赛事的比赛排在前面',
  onTop: (count: number) => `关注的球队和赛事的比赛排在前面（${count} 场）`,
  noMatches: '这里没有关注的球队或赛事的比赛',
  none: '还没有关注的球队或赛事：点击球队或赛事名称旁的 ☆ 即可关注',
} as const;
