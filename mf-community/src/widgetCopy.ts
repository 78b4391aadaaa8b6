/** Widget copy of mf-community (zh-CN). */
export const widgetCopy = {
  headlinesTitle: '体育头条',
  noHeadlines: '暂时没有头条',
  more: '更多头条',
} as const;
