/** User-visible strings of the chat clients and the room's chat session (zh-CN). */
export const chatMessages = {
  notLoggedIn: '聊天未连接，请稍后再试',
  reconnecting: '聊天连接中断，正在重新连接',
  sendTimeout: '发送超时，请重试',
  sendFailed: '发送失败，请重试',
  requestTimeout: '聊天服务无响应，请稍后再试',
  connectionClosed: '聊天连接已断开',
  notInGroup: '尚未进入聊天室',
  empty: '请输入内容',
  tooLong: (max: number) => `消息不能超过${max}个字`,
  muted: '您已被禁言',
  rateLimited: '发言太快了，请稍后再试',
} as const;
