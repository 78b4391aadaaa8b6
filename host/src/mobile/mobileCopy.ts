/**
 * The mobile shell at /h5 (mobile/README.md): its header and bottom tab bar. Here, in the mobile
 * layout's chunk, not in messages.ts: the desktop site never loads them.
 */
export const mobileCopy = {
  tabBarLabel: '底部导航',
  tabs: { home: '首页', live: '直播', scores: '比分', community: '社区', mine: '我的' },
  back: '返回',
} as const;
