import { sharedMessages } from '@sports/shared';

/**
 * Every string the host shows, in Simplified Chinese (DESIGN.md section 6). Strings SPEC.md gives
 * come from sharedMessages so the host, the remotes and the server say them identically. The
 * words of parts loaded on demand are beside them, in their chunks (issue 38: the first visit's
 * bytes): account/accountCopy.ts, goals/goalPopupCopy.ts, mobile/mobileCopy.ts,
 * federation/devOverrideCopy.ts, messages/messagesCopy.ts.
 */
export const hostMessages = {
  nav: {
    label: '主导航',
    logo: '体育直播',
    home: '首页',
    live: '直播',
    liveMenu: '展开直播菜单',
    liveAll: '全部',
    football: '足球',
    basketball: '篮球',
    esports: '电竞',
    general: '综合',
    schedule: '赛程',
    scores: '比分',
    news: '头条',
    circle: '社区',
    knowledgeBase: '资料库',
    foresight: '情报',
    download: '下载',
    goLive: '开播',
    login: '登录',
    openMenu: '菜单',
  },
  userMenu: {
    label: '用户菜单',
    /** SPEC.md Layout: level as LV plus exp (the level from @sports/shared's threshold table). */
    level: (level: number, exp: number) => `LV${level} · ${exp} 经验`,
    balance: '余额',
    recharge: '充值',
    personalCentre: '个人中心',
    myFollows: '我的关注',
    mySpace: '我的空间',
    messageCentre: '消息中心',
    notifySettings: '通知设置',
    applyAnchor: '申请主播',
    broadcastRecords: '开播记录',
    logout: '退出登录',
  },
  search: {
    label: '搜索',
    placeholder: '搜索赛事、球队、主播',
    submit: '搜索',
    history: '搜索历史',
    clearHistory: '清空',
    deleteHistoryItem: (text: string) => `删除 ${text}`,
    hot: '热门赛事',
  },
  leftMenu: {
    label: '侧边菜单',
    schedule: '赛程',
    follow: '关注',
    reserve: '预约',
    all: '全部',
    football: '足球',
    basketball: '篮球',
    downloadApp: '下载APP',
    about: '关于我们',
    collapse: '收起侧边栏',
    expand: '展开侧边栏',
  },
  footer: {
    siteName: '体育直播',
    blurb: '足球、篮球、电竞高清直播与实时比分，一站看全。',
    about: '关于我们',
    contact: '联系我们',
    terms: '用户协议',
    privacy: '隐私政策',
    downloadApp: '下载APP',
    linksLabel: '页脚链接',
    contactLine: (email: string, phone: string) => `客服邮箱 ${email} · 客服电话 ${phone}`,
    copyright: (year: number) => `© ${year} 体育直播 版权所有`,
  },
  dialog: {
    close: '关闭',
  },
  toast: {
    regionLabel: '通知',
  },
  loginRequired: sharedMessages.loginRequired,
  /**
   * While the control plane is asked which releases (so which routes and widgets) this visitor
   * gets, or when it cannot be reached: the host's own pages keep working.
   */
  assignments: {
    loadingTitle: '加载中',
    unavailableTitle: '页面信息暂时无法获取',
    unavailableBody: '网络或服务出现问题，请稍后重试；首页等站点自身页面不受影响。',
    unavailablePageTitle: '暂时无法打开',
  },
  /**
   * The login modal's words the page needs before its form's chunk (account/LoginModal.tsx,
   * account/loadProfile.ts); the form's own are in account/accountCopy.ts, in its chunk.
   */
  account: {
    titles: { code: '密码登录', regiter: '注册', forgot: '忘记密码' },
    formLoading: '加载中…',
    verificationFailed: sharedMessages.verificationFailed,
  },
  logoutConfirm: {
    title: sharedMessages.logoutConfirmTitle,
    body: sharedMessages.logoutConfirmBody,
    stay: sharedMessages.logoutConfirmStay,
    relogin: sharedMessages.logoutConfirmRelogin,
  },
  notice: {
    title: sharedMessages.noticeTitle,
    inDevelopment: sharedMessages.inDevelopment,
    cancel: sharedMessages.cancel,
    confirm: sharedMessages.confirm,
  },
} as const;
