/** The words of a fan alert's popup (server/src/alerts/README.md); its title and text come from the server. */
export const alertCopy = {
  close: (title: string) => `关闭提醒：${title}`,
  openMatch: '查看比赛',
  enterRoom: '进入直播间',
};
