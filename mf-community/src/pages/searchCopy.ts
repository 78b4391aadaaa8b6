/** Copy of the search page (zh-CN). */
export const searchCopy = {
  title: '搜索',
  titleFor: (name: string) => `搜索：${name}`,
  enterName: '在顶部搜索框输入赛事、球队或主播名称。',
  loading: '搜索中…',
  failed: '没有搜索结果',
  matches: '赛事',
  anchors: '主播',
  lives: '直播',
  noMatches: '没有找到相关赛事',
  noAnchors: '没有找到相关主播',
  noLives: '没有找到相关直播',
} as const;
