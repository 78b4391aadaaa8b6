/**
 * User-visible strings shared by the host, the remotes and the server.
 * Strings that SPEC.md gives are copied exactly as written there.
 */
export const sharedMessages = {
  defaultError: 'Error',
  loginRequired: '请登录后操作',
  logoutConfirmTitle: '确认退出',
  logoutConfirmBody: '你已被登出，可以取消继续留在该页面，或者重新登录',
  logoutConfirmStay: '取消',
  logoutConfirmRelogin: '重新登录',
  verificationFailed: 'Verification failed, please Login again.',
  welcomeBack: '欢迎回来',
  registered: '注册成功',
  noticeTitle: '提示',
  inDevelopment: '该功能正在开发中，敬请期待',
  cancel: '取消',
  confirm: '确定',
  serverBusy: '服务器繁忙，请稍后再试',
  notFound: '接口不存在',
  remoteFailedTitle: '该模块暂时无法加载',
  remoteFailedBody: '网络或服务出现问题，其余功能不受影响。',
  loading: '加载中…',
  retry: '重试',
  comingSoon: '即将上线',
  pagination: '分页',
  previousPage: '上一页',
  nextPage: '下一页',
} as const;

/** '第 2 / 5 页': where a paged list is. */
export const pageOfText = (page: number, pages: number): string => `第 ${page} / ${pages} 页`;

export type SharedMessageKey = keyof typeof sharedMessages;
