/** UI copy of mf-member (zh-CN), one catalogue so another locale needs no component change. */

/** Page titles (h1), by route; the member centre's by section (`member?type=`). */
export const pageCopy: Record<string, { title: string }> = {
  'member': { title: '个人中心' },
  'persona': { title: '我的空间' },
  'about-user': { title: '用户主页' },
};

/** The member centre's sections (SPEC.md section 2: member?type=0, 1, 2, 7, 9). */
export const sectionTitles: Record<'0' | '1' | '2' | '7' | '9', string> = {
  '0': '个人中心',
  '1': '我的钱包',
  '2': '我的关注',
  '7': '申请主播',
  '9': '开播记录',
};

export const commonCopy = {
  loginRequired: '登录后查看',
  failed: '加载失败',
  previousPage: '上一页',
  nextPage: '下一页',
  pageOf: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  pagination: '分页',
  live: '直播中',
  offline: '未开播',
  viewers: (count: number) => `${count} 人在看`,
  avatarOf: (name: string) => `${name} 的头像`,
  saving: '保存中…',
  saveFailed: '保存失败，请稍后再试',
} as const;

export const profileCopy = {
  failed: '个人资料加载失败',
  profile: '个人资料',
  avatar: '头像',
  currentAvatar: '当前头像',
  presets: '选择头像',
  presetLabel: (index: number) => `头像 ${index}`,
  presetsFailed: '头像列表加载失败',
  upload: '上传头像',
  uploadHint: (maxMb: number) => `支持 PNG、JPEG、WebP、GIF，不超过 ${maxMb} MB`,
  uploading: '上传中…',
  uploadTooBig: (maxMb: number) => `图片不能超过 ${maxMb} MB`,
  uploadWrongType: '只支持 PNG、JPEG、WebP、GIF 图片',
  avatarSaved: '头像已更新',
  nickname: '昵称',
  nicknameHint: (max: number) => `1-${max} 个字符`,
  nicknameEmpty: '请输入昵称',
  nicknameTooLong: (max: number) => `昵称不能超过 ${max} 个字符`,
  nicknameUnchanged: '昵称没有变化',
  save: '保存昵称',
  nicknameSaved: '昵称已保存',
  level: '等级',
  balance: '余额',
  links: '更多功能',
  myFollows: '我的关注',
  mySpace: '我的空间',
  applyAnchor: '申请主播',
  broadcastRecords: '开播记录',
  recharge: '充值',
} as const;

export const walletCopy = {
  balance: '当前余额',
  note: '充值与提现即将开放，余额以此处显示为准。',
  failed: '余额加载失败',
} as const;

export const followsCopy = {
  failed: '关注列表加载失败',
  empty: '你还没有关注任何主播',
  noRoom: '暂未开通直播间',
  unfollow: (name: string) => `取消关注 ${name}`,
  list: '关注的主播',
  enterRoom: (name: string) => `进入 ${name} 的直播间`,
} as const;

export const applyCopy = {
  alreadyAnchor: '你已经是主播了。',
  toRecords: '查看开播记录',
  failed: '申请信息加载失败',
  steps: '申请步骤',
  stepVerify: '第一步：实名认证',
  stepApply: '第二步：填写申请',
  verifyIntro: '申请主播前需完成实名认证，身份信息加密保存，仅显示部分号码。',
  realName: '真实姓名',
  idNumber: '身份证号',
  verify: '提交认证',
  verifying: '认证中…',
  nameRequired: '请输入真实姓名',
  nameLength: (min: number, max: number) => `姓名需 ${min}-${max} 个字`,
  idFormat: '身份证号应为 18 位（最后一位可为 X）',
  idBirthDate: '身份证号中的出生日期无效',
  idChecksum: '身份证号校验位不正确，请检查',
  verified: (name: string, idNumber: string) => `已实名认证：${name} ${idNumber}`.trim(),
  category: '直播类别',
  categories: { 1: '足球', 2: '篮球', 3: '电竞', 4: '综合' } as Record<1 | 2 | 3 | 4, string>,
  chooseCategory: '请选择直播类别',
  introduction: '个人介绍',
  introductionHint: (min: number, max: number) => `${min}-${max} 个字`,
  introductionLength: (min: number, max: number) => `个人介绍需 ${min}-${max} 个字`,
  sample: '作品链接',
  sampleHint: '以 https:// 开头的直播回放或视频地址',
  sampleInvalid: '请填写以 https:// 开头的有效链接',
  submit: '提交申请',
  submitting: '提交中…',
  state: '申请状态',
  states: { pending: '审核中', approved: '已通过', rejected: '未通过' } as Record<'pending' | 'approved' | 'rejected', string>,
  pendingNote: '我们会尽快审核你的申请，请耐心等待。',
  approvedNote: '恭喜，你已成为主播，可以开通直播间了。',
  openRoom: '开通我的直播间',
  rejectedReason: (reason: string) => `原因：${reason}`,
  applyAgain: '重新申请',
  submittedAt: '提交时间',
} as const;

export const recordsCopy = {
  notAnchor: '成为主播后可查看开播记录。',
  toApply: '申请主播',
  failed: '开播记录加载失败',
  empty: '还没有开播记录',
  chartTitle: '近 30 天',
  chartLabel: '近 30 天每日开播时长与峰值人数',
  chartLoading: '图表加载中…',
  chartFailed: '图表加载失败',
  hours: '开播时长（小时）',
  peak: '峰值人数',
  day: '日期',
  list: '每场直播',
  title: '标题',
  start: '开始时间',
  duration: '时长',
  peakViewers: '峰值人数',
  onAir: '直播中',
  untitled: '（无标题）',
  console: '我的直播间',
  consoleHint: '开播、推流地址、公告在直播间的主播控制台',
  createRoom: '开通直播间',
} as const;

export const personaCopy = {
  reservations: '我的预约',
  reservationsFailed: '预约列表加载失败',
  reservationsEmpty: '还没有预约',
  history: '观看历史',
  historyFailed: '观看历史加载失败',
  historyEmpty: '还没有观看记录',
  watchedAt: (time: string) => `观看于 ${time}`,
  watchedFor: (duration: string) => `累计观看 ${duration}`,
  posts: '我的动态',
  postsLater: '社区功能稍后开放，届时你发布的动态会显示在这里。',
  startsAt: (time: string) => `开播 ${time}`,
} as const;

export const aboutUserCopy = {
  missingId: '没有指定用户',
  failed: '用户信息加载失败',
  fans: (count: number) => `${count} 粉丝`,
  anchor: '主播',
  room: '直播间',
  noRoom: '暂未开通直播间',
  enterRoom: '进入直播间',
  follow: '关注',
  followed: '已关注',
  itsYou: '这是你的主页',
  editProfile: '编辑资料',
} as const;
