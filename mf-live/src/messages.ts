/** UI copy of mf-live (zh-CN), one catalogue so another locale needs no component change. */
export const pageCopy: Record<string, { title: string; description: string }> = {
  'anchor': { title: '直播', description: '按类型浏览正在直播的房间：全部、足球、篮球、电竞、综合。' },
  'live': { title: '直播间', description: '观看主播直播，弹幕、聊天和礼物。' },
  'score-live': { title: '比赛直播', description: '一场比赛的直播间：视频与实时比分。' },
  'rank': { title: '排行榜', description: '主播与房间排行。' },
  'attention': { title: '关注', description: '你关注的主播和他们的直播。' },
  'reserve': { title: '预约', description: '你预约的比赛直播。' },
};
