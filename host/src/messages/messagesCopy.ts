import type { MessageTab } from '@sports/shared';
import { unreadCountLabel } from './unreadBadgeText';

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
  /** A background tab's system notification of a new 系统通知. */
  newSystemMessage: '你有新的系统通知，请到消息中心查看',
  settingsOpen: '通知设置',
  settingsBack: '返回消息',
  /** The notification settings (通知设置, issue 39 part 2). */
  settings: {
    title: '通知设置',
    kindsLabel: '提醒类型',
    kinds: { goals: '关注球队、赛事的进球', red_cards: '关注球队、赛事的红牌', match_status: '关注球队、赛事的开赛与完场', anchor_live: '关注的主播开播', system: '系统通知' },
    kindsNote: '关闭的类型不再弹出提醒、不发送浏览器通知和推送，也不写入消息中心的赛事消息。',
    saved: '已保存',
    saveFailed: '保存失败，请重试',
    loading: '加载中…',
    failed: '通知设置加载失败',
    browserTitle: '浏览器通知',
    enable: '开启浏览器通知',
    enabled: '浏览器通知已开启：网站页面在后台时，提醒会以系统通知显示',
    denied: '浏览器已拒绝通知权限：请在浏览器的网站设置中允许通知',
    noNotifications: '当前浏览器不支持系统通知',
    pushOn: '网页推送已开启：网站关闭时也能收到提醒',
    noPush: '当前浏览器不支持网页推送（Web Push）：网站关闭后将收不到提醒',
    pushFailed: '网页推送开启失败，请稍后重试',
  },
  /** The badge's accessible text. */
  unreadCount: unreadCountLabel,
};
