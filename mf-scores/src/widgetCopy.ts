/** Widget copy of mf-scores (zh-CN). */
export const widgetCopy = {
  hotMatchesTitle: '热门赛事',
  hotMatchesFailed: '热门赛事暂时无法加载',
  loading: '加载中…',
} as const;
