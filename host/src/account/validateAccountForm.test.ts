import { describe, expect, it } from 'vitest';
import { validateAccountForm, validateSmsRequest, type AccountFormValues } from './validateAccountForm';

const filled: AccountFormValues = { countryCode: '86', mobile: '13800138000', password: 'secret123', code: '123456', invite: '' };
const empty: AccountFormValues = { countryCode: '86', mobile: '', password: '', code: '', invite: '' };

describe('validateAccountForm (SPEC.md section 5)', () => {
  it('password login needs the mobile and the password, not a code', () => {
    expect(validateAccountForm('code', empty)).toEqual({ mobile: '请输入手机号！', password: '请输入登录密码！' });
    expect(validateAccountForm('code', { ...filled, code: '' })).toEqual({});
  });

  it('register and forgot also need the SMS code', () => {
    for (const mode of ['regiter', 'forgot'] as const) {
      expect(validateAccountForm(mode, empty)).toEqual({ mobile: '请输入手机号！', code: '请输入验证码！', password: '请输入登录密码！' });
      expect(validateAccountForm(mode, filled)).toEqual({});
    }
  });

  it('a blank mobile counts as none', () => {
    expect(validateAccountForm('code', { ...filled, mobile: '   ' })).toEqual({ mobile: '请输入手机号！' });
  });

  it('an SMS code request needs the mobile: 手机号不能为空！', () => {
    expect(validateSmsRequest(empty)).toEqual({ mobile: '手机号不能为空！' });
    expect(validateSmsRequest(filled)).toEqual({});
  });
});
