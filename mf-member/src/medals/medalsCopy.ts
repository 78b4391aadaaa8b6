/** The fan medals' words in the member centre (member?type=5) and on an anchor's page. */
export const medalsCopy = {
  title: '粉丝勋章',
  list: '我的粉丝勋章',
  empty: '还没有粉丝勋章：给喜欢的主播送出礼物或开通守护即可获得',
  failed: '粉丝勋章加载失败',
  rules: (watchCap: number, chatCap: number) =>
    `亲密度：礼物和守护每 10 金币 +1；在主播直播间观看每 10 分钟 +1（每天最多 ${watchCap}）；在主播直播间发言每条 +1（每天最多 ${chatCap}）。7 天没有互动的勋章会熄灭，再次互动即可点亮。佩戴的勋章会显示在你所有直播间的聊天和弹幕中。`,
  intimacy: (value: number, next: number | null) => (next === null ? `亲密度 ${value}（已满级）` : `亲密度 ${value} / ${next}`),
  today: (watch: number, watchCap: number, chat: number, chatCap: number) => `今日 观看 ${watch}/${watchCap} · 发言 ${chat}/${chatCap}`,
  greyed: '已熄灭',
  lit: '已点亮',
  worn: '佩戴中',
  wear: (name: string) => `佩戴「${name}」`,
  takeOff: '取下勋章',
  woreToast: (name: string) => `已佩戴「${name}」`,
  tookOffToast: '已取下勋章',
  anchorOf: (nickname: string) => `主播 ${nickname}`,
  enterRoom: '进入直播间',
  fans: '粉丝榜',
  fanIntimacy: (value: number) => `亲密度 ${value}`,
};
