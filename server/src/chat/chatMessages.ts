import { CHAT_MESSAGE_MAX_LENGTH } from '@sports/shared/server';
import { chinaMonthDayMinute } from '../infra/chinaTime';

/** What chat users read (zh-CN): refusals, errors and the assistant channel's system messages. */
export const chatMessages = {
  muted: '您已被禁言，暂时不能发言',
  mutedUntil: (until: Date) => `您已被禁言至 ${chinaMonthDayMinute(until)}，暂时不能发言`,
  rateLimited: (seconds: number) => `发言太快了，请 ${seconds} 秒后再试`,
  tooLong: `消息太长，最多 ${CHAT_MESSAGE_MAX_LENGTH} 个字`,
  empty: '不能发送空消息',
  roomBusy: '房间消息太多，请稍后再试',
  notInGroup: '请先进入直播间聊天室',
  notLoggedIn: '请先登录聊天',
  guestsReadOnly: '登录后才能发言',
  sessionEnded: '登录已失效，请重新登录后再发言',
  failed: '发送失败，请稍后再试',
  badFrame: '消息格式错误',
  tooLarge: '消息过大',
  notJson: '消息不是有效的 JSON',
  unknownType: '未知的消息类型',
  alreadyLoggedIn: '已登录聊天',
  noSuchGroup: '聊天室不存在',
  notYourGroup: '只能创建以自己 ID 命名的聊天室',
  notAnchor: '只有主播可以创建聊天室',
  tooManyGroups: '同时进入的聊天室太多',
  tooManyRequests: '操作太频繁，请稍后再试',
  login: {
    malformed: '聊天登录信息格式错误',
    'bad-signature': '聊天签名无效',
    expired: '聊天签名已过期，请刷新页面',
    'session-ended': '登录已失效，请重新登录',
    'unknown-user': '用户不存在',
    'unsupported-version': '聊天协议版本不受支持，请刷新页面',
    'provider-mismatch': '聊天服务未启用',
  },
  // C2C notices (to one user).
  noticeMuted: (until: Date | null) => (until === null ? '您已被房管禁言' : `您已被房管禁言至 ${chinaMonthDayMinute(until)}`),
  noticeUnmuted: '您的禁言已解除',
  noticeMadeAdmin: '您已被设为房管',
  noticeAdminRemoved: '您的房管身份已被取消',
  // The assistant channel (cloudCustomData.type 1).
  systemMuted: (nickname: string) => `${nickname} 已被禁言`,
  systemOpened: '主播开播了',
  systemClosed: '主播已下播',
  systemStreamLive: '直播信号已接通',
  systemStreamOffline: '直播信号已中断',
  systemTitle: (title: string) => `直播间标题更新为：${title}`,
  systemPlacard: '直播间公告已更新',
} as const;
