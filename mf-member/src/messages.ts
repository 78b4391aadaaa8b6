/** UI copy of mf-member (zh-CN), one catalogue so another locale needs no component change. */
export const pageCopy: Record<string, { title: string; description: string }> = {
  'member': { title: '个人中心', description: '个人资料、充值、关注、申请主播与开播记录。' },
  'persona': { title: '我的空间', description: '我的动态与收藏。' },
  'about-user': { title: '用户主页', description: '其他用户的公开主页。' },
};
