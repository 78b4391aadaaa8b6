import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderLoginModal, shownMessages, solveCaptcha, submit, type } from './testing/renderLoginModal';

describe('AccountForm validation (SPEC.md section 5, before any call)', () => {
  it('password login: 请输入手机号！ and 请输入登录密码！, nothing sent', async () => {
    const { open, post } = renderLoginModal();
    open();
    solveCaptcha();
    await submit('登录');
    expect(shownMessages()).toEqual(['请输入手机号！', '请输入登录密码！']);
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));

    type('手机号', '13800138000');
    expect(shownMessages()).toEqual(['请输入登录密码！']);
    await submit('登录');
    expect(shownMessages()).toEqual(['请输入登录密码！']);
    expect(document.activeElement).toBe(screen.getByLabelText('登录密码'));
    expect(post).not.toHaveBeenCalled();
  });

  it('register: 请输入手机号！, 请输入验证码！ and 请输入登录密码！', async () => {
    const { open, post } = renderLoginModal();
    open('regiter');
    solveCaptcha();
    await submit('注册');
    expect(shownMessages()).toEqual(['请输入手机号！', '请输入验证码！', '请输入登录密码！']);
    type('手机号', '13800138000');
    type('登录密码', 'secret123');
    await submit('注册');
    expect(shownMessages()).toEqual(['请输入验证码！']);
    expect(post).not.toHaveBeenCalled();
  });

  it('forgot: the same three, and no captcha asked for', async () => {
    const { open, post } = renderLoginModal();
    open('forgot');
    await submit('重置密码');
    expect(shownMessages()).toEqual(['请输入手机号！', '请输入验证码！', '请输入登录密码！']);
    expect(post).not.toHaveBeenCalled();
  });

  it('an SMS code needs a mobile: 手机号不能为空！', () => {
    const { open, post } = renderLoginModal();
    open('regiter');
    solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(shownMessages()).toEqual(['手机号不能为空！']);
    expect(post).not.toHaveBeenCalled();
    open('forgot');
    solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(shownMessages()).toEqual(['手机号不能为空！']);
  });

  it('an SMS code needs the captcha solved first (the request spends it)', () => {
    const { open, post } = renderLoginModal();
    open('forgot');
    type('手机号', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(shownMessages()).toEqual(['请先完成人机验证']);
    expect(post).not.toHaveBeenCalled();
  });

  it('login and registration need the captcha solved first', async () => {
    const { open, post } = renderLoginModal();
    open();
    type('手机号', '13800138000');
    type('登录密码', 'secret123');
    await submit('登录');
    expect(shownMessages()).toEqual(['请先完成人机验证']);
    expect(post).not.toHaveBeenCalled();
    solveCaptcha();
    expect(shownMessages()).toEqual([]);
  });

  it('checks the password length (6-32) and the code format', async () => {
    const { open } = renderLoginModal();
    open('forgot');
    type('手机号', '13800138000');
    type('短信验证码', '123');
    type('新密码', '12345');
    await submit('重置密码');
    expect(shownMessages()).toEqual(['请输入 6 位数字验证码', '密码长度为 6-32 位']);
  });

  it('limits lengths: mobile 11 digits, SMS code 6 digits, invite code 10, password 32', () => {
    const { open } = renderLoginModal();
    open('regiter');
    const mobile = screen.getByLabelText('手机号') as HTMLInputElement;
    const code = screen.getByLabelText('短信验证码') as HTMLInputElement;
    const invite = screen.getByLabelText('邀请码（选填）') as HTMLInputElement;
    expect([mobile.maxLength, code.maxLength, invite.maxLength]).toEqual([11, 6, 10]);
    expect((screen.getByLabelText('登录密码') as HTMLInputElement).maxLength).toBe(32);

    type('手机号', '138-0013 8000abc9999');
    expect(mobile.value).toBe('13800138000');
    type('短信验证码', '12a34567');
    expect(code.value).toBe('123456');
    type('邀请码（选填）', 'AB 12-cd34<script>');
    expect(invite.value).toBe('AB12cd34sc');
  });
});
