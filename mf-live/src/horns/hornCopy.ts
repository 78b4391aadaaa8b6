/** What the horn banner and composer say (zh-CN). */
export const hornCopy = {
  banner: '喇叭',
  /** The banner's line: `<nickname>：<text>`. */
  line: (nickname: string, text: string) => `${nickname}：${text}`,
  composer: '发喇叭',
  hint: '喇叭消息会在所有直播间顶部展示',
  input: '喇叭内容',
  placeholder: '说点什么，全站都能看到',
  price: (coins: number) => `${coins} 金币 / 条`,
  send: '发送喇叭',
  sending: '发送中…',
  sent: '喇叭已发送',
  balance: (coins: number) => `余额 ${coins}`,
  recharge: '去充值',
  unknown: '网络异常，发送结果未知',
  retry: '重试',
  counter: (length: number, max: number) => `${length}/${max}`,
} as const;
