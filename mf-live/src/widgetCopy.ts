/** Widget copy of mf-live (zh-CN). */
export const widgetCopy = {
  liveRecommendTitle: '正在直播',
  noLiveRooms: '暂时没有正在直播的房间',
  more: '更多直播',
  loading: '加载中…',
  failed: '直播推荐加载失败',
} as const;
