/** The fan medals' words in the room (粉丝勋章, 粉丝榜). */
export const medalCopy = {
  fans: '粉丝榜',
  fansOf: (name: string) => `粉丝榜 · ${name}`,
  fansTotal: (total: number) => `共 ${total} 位粉丝`,
  fansEmpty: '还没有粉丝，送出礼物即可获得粉丝勋章',
  fansFailed: '粉丝榜加载失败',
  more: '加载更多',
  intimacy: (value: number) => `亲密度 ${value}`,
  rank: (rank: number) => `第${rank}名`,
  nameSetting: '粉丝勋章名称',
  nameHint: '2-4 个字（中文、字母或数字），显示在粉丝的聊天和弹幕中',
  nameLabel: '勋章名称',
  nameSave: '保存名称',
  nameOpen: '设置粉丝勋章',
  nameInvalid: '勋章名称需为 2-4 个字',
  nameSaved: (name: string) => `粉丝勋章名称已设为「${name}」`,
  nameCurrent: (name: string, named: boolean) => (named ? `当前名称：${name}` : `当前为默认名称：${name}`),
};
