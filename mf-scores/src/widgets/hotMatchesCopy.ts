/** The hot matches widget's copy (zh-CN); its title and failure line are widgetCopy's (messages.ts). */
export const hotMatchesCopy = {
  noMatches: '暂时没有热门比赛',
  watch: '看直播',
  watchLabel: (home: string, away: string) => `观看 ${home} 对 ${away} 的直播`,
  detailLabel: (home: string, away: string, score: string, state: string) => `${home} 对 ${away}，${score}，${state}`,
  competitions: '热门赛事',
  live: '进行中',
} as const;
