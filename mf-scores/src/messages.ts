/** UI copy of mf-scores (zh-CN), one catalogue so another locale needs no component change. */
export const pageCopy: Record<string, { title: string; description: string }> = {
  'football': { title: '足球', description: '足球比分：进行中、未开始、已结束。' },
  'basketball': { title: '篮球', description: '篮球比分：进行中、未开始、已结束。' },
  'bifen': { title: '比分', description: '全部比分一览。' },
  'score-detail': { title: '比赛详情', description: '事件时间线、技术统计、指数、积分榜与情报。' },
  'schedule': { title: '赛程', description: '按类型浏览赛程。' },
  'foresight': { title: '情报中心', description: '赛前情报：伤停、近况、交锋。' },
  'trophy/home': { title: '世界杯', description: '世界杯专题。' },
};
