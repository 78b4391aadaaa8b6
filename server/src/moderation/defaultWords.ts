/**
 * The word list a new database starts with (migration 0017 seeds it; ops edit it from then on):
 * short and mild on purpose, insults and the usual spam and advertising phrases. Stored
 * normalised (wordFilter.ts normalizeWord), so spacing and width do not matter here.
 */
export const DEFAULT_SENSITIVE_WORDS: readonly string[] = [
  // insults (the nickname rules' former list, accounts/nicknames.ts)
  '傻逼',
  '煞笔',
  '操你',
  '草你妈',
  '你妈死',
  '去死',
  '尼玛',
  '脑残',
  '智障',
  'fuck',
  'shit',
  'bitch',
  'cunt',
  'nigger',
  '法轮',
  '共匪',
  // spam and advertising
  '加微信',
  '加我微信',
  '加v信',
  '代开发票',
  '刷单兼职',
  '网赚兼职',
  '免费领取彩金',
  '私彩',
  '赌球网站',
  '包赢',
];
