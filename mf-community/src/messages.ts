/** UI copy of mf-community (zh-CN), one catalogue so another locale needs no component change. */
export const pageCopy: Record<string, { title: string; description: string }> = {
  'news': { title: '头条', description: '体育头条新闻。' },
  'circle': { title: '社区', description: '球迷社区帖子。' },
  'circle-detail': { title: '帖子详情', description: '帖子与评论。' },
  'base-football': { title: '足球资料库', description: '足球赛事、球队与球员资料。' },
  'base-basketball': { title: '篮球资料库', description: '篮球赛事、球队与球员资料。' },
  'downLoad': { title: '下载', description: '下载客户端。' },
  'detail': { title: '详情', description: '内容详情。' },
  'comment': { title: '评论', description: '评论列表。' },
};
