/** The hot matches widget's copy (zh-CN); its title and failure line are widgetCopy's (messages.ts). */
export const hotMatchesCopy = {
  noMatches: '暂时没有热门比赛',
  watch: '看直播',
  /** Starts with the visible 看直播, so the name contains what the button shows (WCAG 2.5.3). */
  watchLabel: (home: string, away: string) => `看直播：${home} 对 ${away}`,
  competitions: '热门赛事',
  live: '进行中',
} as const;
