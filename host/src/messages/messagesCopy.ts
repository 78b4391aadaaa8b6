import type { MessageTab } from '@sports/shared';

/** Every string of the message centre (消息中心), in Simplified Chinese. */
export const messagesCopy = {
  title: '消息中心',
  tabsLabel: '消息分类',
  tabs: { system: '系统通知', interaction: '互动', match: '赛事' } satisfies Record<MessageTab, string>,
  empty: { system: '暂无系统通知', interaction: '暂无互动消息：有人回复、点赞或关注你时会显示在这里', match: '暂无赛事消息（赛事消息保留 7 天）' } satisfies Record<MessageTab, string>,
  readAll: '全部已读',
  loadMore: '加载更多',
  loadingMore: '加载中…',
  loadMoreFailed: '加载失败，点击重试',
  loading: '加载中…',
  failed: '消息加载失败',
  retry: '重试',
  unread: '未读',
  open: '查看',
  markRead: '标为已读',
  signInFirst: '请登录后查看消息',
  /** The badge's accessible text. */
  unreadCount: (count: number) => `${count} 条未读消息`,
};
