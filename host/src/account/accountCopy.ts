import { sharedMessages } from '@sports/shared';
import { hostMessages } from '../messages';

/**
 * The login modal's words (SPEC.md sections 2, 4, 5): its titles are the modes' Chinese names
 * (SPEC.md names them in English only to describe them); validation messages exactly as SPEC.md
 * writes them. Imported by the form and its actions only, so they are in the form's chunk (issue
 * 38: the first visit's bytes); the few the page needs before it are `hostMessages.account`.
 */
export const accountCopy = {
  ...hostMessages.account,
  submit: { code: '登录', regiter: '注册', forgot: '重置密码' },
  toRegister: '没有账号？立即注册',
  toPasswordLogin: '密码登录',
  toForgot: '忘记密码',
  countryCode: '国家/地区区号',
  countryOption: (code: string, name: string) => `+${code} ${name}`,
  mobile: '手机号',
  mobilePlaceholder: '请输入手机号',
  password: '登录密码',
  newPassword: '新密码',
  passwordPlaceholder: '6-32 位密码',
  smsCode: '短信验证码',
  smsCodePlaceholder: '6 位验证码',
  sendSmsCode: '获取验证码',
  resendIn: (seconds: number) => `${seconds} 秒后重新获取`,
  invite: '邀请码（选填）',
  invitePlaceholder: '没有可不填',
  rememberAccount: '记住账号',
  captcha: '人机验证',
  captchaLoading: '人机验证加载中…',
  captchaLoadFailed: '人机验证加载失败，请关闭后重试',
  captchaStalled: '人机验证超时，请点击重试',
  mobileRequired: '请输入手机号！',
  passwordRequired: '请输入登录密码！',
  codeRequired: '请输入验证码！',
  smsMobileRequired: '手机号不能为空！',
  passwordTooShort: '密码长度为 6-32 位',
  codeInvalid: '请输入 6 位数字验证码',
  captchaRequired: '请先完成人机验证',
  smsSent: '验证码已发送',
  passwordReset: '密码已重置，请重新登录',
  welcomeBack: sharedMessages.welcomeBack,
  registered: sharedMessages.registered,
} as const;
