/** The fan medals' words in the room (粉丝勋章, 粉丝榜). */
export const medalCopy = {
  fans: '粉丝榜',
  nameSetting: '粉丝勋章名称',
  nameHint: '2-4 个字（中文、字母或数字），显示在粉丝的聊天和弹幕中',
  nameLabel: '勋章名称',
  nameSave: '保存名称',
  nameOpen: '设置粉丝勋章',
  nameInvalid: '勋章名称需为 2-4 个字',
  nameSaved: (name: string) => `粉丝勋章名称已设为「${name}」`,
  nameCurrent: (name: string, named: boolean) => (named ? `当前名称：${name}` : `当前为默认名称：${name}`),
};
