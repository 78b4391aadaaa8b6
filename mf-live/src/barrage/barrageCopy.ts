/** What the barrage panel says (zh-CN). */
export const barrageCopy = {
  panel: '弹幕',
  styles: '弹幕样式',
  free: '免费',
  price: (coins: number) => `${coins} 金币`,
  levelNeeded: (level: number) => `LV${level} 解锁`,
  positions: { scroll: '滚动', top: '顶部', bottom: '底部' } as Record<'scroll' | 'top' | 'bottom', string>,
  input: '弹幕内容',
  placeholder: '发一条弹幕',
  send: '发送弹幕',
  sending: '发送中…',
  balance: (coins: number) => `余额 ${coins}`,
  recharge: '去充值',
  unknown: '网络异常，发送结果未知',
  retry: '重试',
  history: '最近弹幕',
  historyEmpty: '还没有弹幕',
  failed: '弹幕加载失败',
  /** A history line: `<nickname>：<text>`. */
  line: (nickname: string, text: string) => `${nickname}：${text}`,
} as const;
