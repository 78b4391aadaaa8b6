import { LOGIN_NEEDS_SMS_CODE_MESSAGE } from '@sports/shared/server';
import { entry } from './entry';

/** Accounts (mobile numbers, SMS codes, captcha, login, register, password reset), the member centre and uploads. One group of the one errors table (../errorCatalogue.ts). */
export const accountErrors = {
  // --- Accounts: mobile numbers, SMS codes, captcha, login, register, password reset. ---
  MOBILE_FORMAT: entry('mobile 格式错误'),
  MOBILE_COUNTRY_CODE: entry('mobile 国家或地区代码不支持'),
  MOBILE_ALREADY_REGISTERED: entry('该手机号已注册，请直接登录'),
  SMS_SEND_FAILED: entry('短信发送失败，请稍后再试'),
  SMS_RESEND_TOO_SOON: entry((wait: string) => `验证码发送过于频繁，请 ${wait}后再试`),
  SMS_TOO_MANY_FOR_NUMBER: entry((wait: string) => `该手机号获取验证码次数过多，请 ${wait}后再试`),
  SMS_TOO_MANY_FOR_IP: entry((wait: string) => `当前网络获取验证码次数过多，请 ${wait}后再试`),
  SMS_CODE_MISSING: entry('验证码无效，请重新获取'),
  SMS_CODE_EXPIRED: entry('验证码已过期，请重新获取'),
  SMS_CODE_DEAD: entry('验证码错误次数过多，请重新获取'),
  SMS_CODE_WRONG: entry((remaining: number) => `验证码错误，还可尝试 ${remaining} 次`),
  CAPTCHA_INVALID: entry('人机验证失败，请重新验证'),
  CAPTCHA_EXPIRED: entry('人机验证已过期，请重新验证'),
  CAPTCHA_REPLAYED: entry('人机验证已使用，请重新验证'),
  /** The same for an unknown number and a wrong password: no enumeration. */
  LOGIN_WRONG_CREDENTIALS: entry('手机号或密码错误'),
  LOGIN_BUSY: entry('登录请求过于频繁，请稍后再试'),
  LOGIN_NEEDS_SMS_CODE: entry(LOGIN_NEEDS_SMS_CODE_MESSAGE),
  LOGIN_THROTTLED: entry((wait: string) => `登录失败次数过多，请 ${wait}后再试`),
  LOGIN_LOCKED: entry((wait: string, lockMinutes: number) => `登录失败次数过多，已锁定 ${lockMinutes} 分钟，请 ${wait}后再试`),
  INVITE_INVALID: entry('邀请码无效'),
  RESET_PASSWORD_TOO_MANY_FAILURES: entry((wait: string) => `重置密码失败次数过多，请 ${wait}后再试`),

  // --- Member centre: profile (modules/member). ---
  NICKNAME_EMPTY: entry('user_nickname 不能为空'),
  NICKNAME_INVALID: entry('user_nickname 包含无效字符'),
  NICKNAME_RESERVED: entry('该昵称为系统保留，请换一个'),
  NICKNAME_BLOCKED: entry('昵称包含不文明用语，请修改'),
  NICKNAME_TAKEN: entry('该昵称已被使用，请换一个', { status: 409 }),
  AVATAR_INVALID: entry('avatar 无效，请选择头像列表中的头像或自己上传的图片'),
  PROFILE_NOTHING_TO_CHANGE: entry('没有需要修改的内容'),

  // --- Upload: images (modules/upload). ---
  UPLOAD_TOKEN_INVALID: entry('上传凭证无效或已过期，请重新获取'),
  UPLOAD_TOO_BIG: entry('图片不能超过 2 MB', { status: 413 }),
  UPLOAD_BAD_TYPE: entry('只支持 PNG、JPEG、WebP、GIF 图片'),
  UPLOAD_NOT_MULTIPART: entry('上传格式错误', { status: 415 }),
  UPLOAD_BAD_FORM: entry('上传格式错误', { status: 400 }),
  UPLOAD_MISSING_TOKEN: entry('缺少参数 token'),
  UPLOAD_MISSING_FILE: entry('缺少参数 file'),
  UPLOAD_TOKEN_TOO_FREQUENT: entry('获取上传凭证过于频繁，请稍后再试'),

  // --- Member centre: real name, anchor applications, public pages, watch history, activity banners (member/, activities/). ---
  MEMBER_REAL_NAME_INVALID: entry('姓名格式错误，请填写身份证上的中文姓名'),
  MEMBER_ID_NUMBER_INVALID: entry('身份证号码格式错误，请检查后重新输入'),
  MEMBER_ID_NUMBER_BIRTH_DATE_INVALID: entry('身份证号码中的出生日期无效，请检查后重新输入'),
  MEMBER_ID_NUMBER_TAKEN: entry('该身份证号码已被其他账号认证'),
  MEMBER_ALREADY_VERIFIED: entry('您已完成实名认证，无需重复认证'),
  MEMBER_VERIFICATION_REJECTED: entry((reason: string) => `实名认证未通过：${reason}`),
  MEMBER_VERIFY_TOO_FREQUENT: entry('实名认证操作过于频繁，请稍后再试', { status: 429 }),
  /**
   * Too many failed comparisons with stored personal data (a payout account's holder with the
   * legal name, an ID number already verified, the payment password) for this member or from this
   * address (member/identityChecks.ts). SPEC.md section 8 has no such entry: code 1, the message
   * shown as the page's error toast.
   */
  IDENTITY_CHECKS_TOO_MANY: entry((wait: string) => `核对失败次数过多，请 ${wait}后再试`, { status: 429 }),
  MEMBER_NOT_VERIFIED: entry('请先完成实名认证，再申请成为主播'),
  MEMBER_ALREADY_ANCHOR: entry('您已经是主播，无需重复申请'),
  MEMBER_APPLICATION_PENDING: entry('您的主播申请正在审核中，请耐心等待'),
  MEMBER_INTRODUCTION_TOO_SHORT: entry('个人简介至少 10 个字'),
  MEMBER_SAMPLE_INVALID: entry('作品链接必须是有效的 https 地址'),
  MEMBER_APPLICATION_NOT_FOUND: entry('主播申请不存在'),
  MEMBER_APPLICATION_ALREADY_REVIEWED: entry('该申请已审核，不能重复审核'),
  MEMBER_REJECT_REASON_EMPTY: entry('驳回理由至少 2 个字'),
  MEMBER_USER_NOT_FOUND: entry('用户不存在'),
  MEMBER_WATCH_ROOM_NOT_FOUND: entry('直播间不存在'),
  ACTIVITY_NOT_FOUND: entry('活动不存在'),
  ACTIVITY_TITLE_EMPTY: entry('活动标题不能为空'),
  ACTIVITY_IMAGE_INVALID: entry('活动图片只能是本站上传的图片或 https 图片地址'),
  ACTIVITY_LINK_INVALID: entry('活动链接只能是 https 地址或以 /web/ 开头的站内地址'),
  ACTIVITY_TIME_INVALID: entry('活动结束时间必须晚于开始时间'),
};
