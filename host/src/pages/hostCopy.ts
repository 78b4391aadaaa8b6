/** Copy of the host's own pages (zh-CN). */
export const hostCopy = {
  homeLabel: '首页推荐',
  activitiesLabel: '活动',
  activityNewTab: (title: string) => `${title}（在新标签页打开）`,
  testPageTitle: '测试页',
  testPageBody: '用于在真实页面框架中调试组件的页面：',
  notFoundTitle: '页面不存在',
  notFoundBody: '你访问的页面不存在或已被移除。',
  backHome: '返回首页',
} as const;
