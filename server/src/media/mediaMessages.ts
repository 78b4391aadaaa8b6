/** What users read from the media routes (zh-CN). */
export const mediaMessages = {
  notAnchor: '您还不是主播，请先申请成为主播',
  noRoom: '请先创建直播间',
  notLive: '直播未开始',
  notFound: '文件不存在',
  tooManyPlayers: '播放连接过多，请稍后再试',
  hookForbidden: '回调密钥无效',
} as const;
