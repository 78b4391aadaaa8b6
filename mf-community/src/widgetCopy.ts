/** Widget copy of mf-community (zh-CN). */
export const widgetCopy = {
  headlinesTitle: '体育头条',
  noHeadlines: '暂时没有头条',
  more: '更多头条',
  loading: '加载中…',
  failed: '头条加载失败',
  postTag: '社区',
  postWithImages: '[图片]',
} as const;
