import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountAtom, ApiError, LOGIN_NEEDS_SMS_CODE_MESSAGE, LOGIN_NEEDS_SMS_CODE_REASON, sessionAtom, userInfoAtom, type LoginResult } from '@sports/shared';
import { resetFakeCaptchaSolutions } from './testing/FakeCaptchaWidget';
import { renderLoginModal, solveCaptcha, submit, TEST_PROFILE, type } from './testing/renderLoginModal';

const TOKEN = 'st_never-in-the-page';
const LOGIN_RESULT: LoginResult = { ...TEST_PROFILE, token: TOKEN };

function fillLogin(mobile = '13800138000', password = 'secret123') {
  type('手机号', mobile);
  type('登录密码', password);
  solveCaptcha();
}

beforeEach(() => resetFakeCaptchaSolutions());

describe('password login', () => {
  it('sends the trimmed mobile, password, device_type pc and the captcha; 欢迎回来; info saved; closes', async () => {
    const login = vi.fn(() => LOGIN_RESULT);
    const { open, store, toasts, get } = renderLoginModal({
      answers: { post: { 'api/user/login': login }, get: { 'api/user/info': { ...TEST_PROFILE, balance: 88 } } },
    });
    open();
    fillLogin();
    await submit('登录');
    expect(login).toHaveBeenCalledWith({ mobile: '86-13800138000', password: 'secret123', device_type: 'pc', captcha: 'captcha-1' });
    expect(get).toHaveBeenCalledWith('api/user/info');
    expect(store.get(userInfoAtom)).toEqual({
      id: 7,
      user_nickname: '新球迷',
      avatar: '/avatars/1.png',
      exp: 1,
      balance: 88,
      is_anchor: 0,
    });
    // The session store (SPEC.md section 3) follows: name, avatar and data are the profile; no token.
    expect(store.get(sessionAtom)).toMatchObject({ name: '新球迷', avatar: '/avatars/1.png', data: store.get(userInfoAtom), token: '', QiniuToken: '' });
    expect(toasts).toEqual([{ kind: 'success', message: '欢迎回来', durationMs: 3000 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never keeps the token in localStorage (the browser holds it as an HttpOnly cookie)', async () => {
    const { open } = renderLoginModal({
      answers: { post: { 'api/user/login': LOGIN_RESULT }, get: { 'api/user/info': TEST_PROFILE } },
    });
    open();
    fillLogin();
    await submit('登录');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('userInfo')).toContain('新球迷');
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      expect(key.toLowerCase()).not.toContain('token');
      expect(localStorage.getItem(key)).not.toContain(TOKEN);
    }
    expect(document.cookie).not.toContain(TOKEN);
  });

  it("an answer without data: 'Verification failed, please Login again.', still logged out", async () => {
    const { open, store, toasts, get } = renderLoginModal({ answers: { post: { 'api/user/login': null } } });
    open();
    fillLogin();
    await submit('登录');
    expect(toasts).toEqual([{ kind: 'error', message: 'Verification failed, please Login again.', durationMs: 5000 }]);
    expect(get).not.toHaveBeenCalled();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(screen.getByRole('dialog', { name: '密码登录' })).toBeTruthy();
  });

  it("a profile without data: 'Verification failed…', the new session is signed out", async () => {
    const signOut = vi.fn(() => null);
    const { open, store, toasts } = renderLoginModal({
      answers: { post: { 'api/user/login': LOGIN_RESULT, 'api/Member/SignOut': signOut }, get: { 'api/user/info': null } },
    });
    open();
    fillLogin();
    await submit('登录');
    expect(toasts).toEqual([{ kind: 'error', message: 'Verification failed, please Login again.', durationMs: 5000 }]);
    expect(signOut).toHaveBeenCalled();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(sessionAtom)).toMatchObject({ name: '', avatar: '', data: null });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('after a refused call the captcha is reset: the next try needs, and sends, a fresh solution', async () => {
    const login = vi.fn<(body: unknown) => unknown>(() => {
      throw new ApiError(1, '账号或密码错误');
    });
    const { open, toasts } = renderLoginModal({ answers: { post: { 'api/user/login': login } } });
    open();
    fillLogin();
    await submit('登录');
    expect(login).toHaveBeenCalledTimes(1);
    // The API client shows code-1 messages itself; the modal adds none.
    expect(toasts).toEqual([]);
    await submit('登录');
    expect(screen.getByText('请先完成人机验证')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
    solveCaptcha();
    await submit('登录');
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ captcha: 'captcha-2' }));
  });
});

describe('a guarded number (too many failed logins): password + SMS code', () => {
  it('after the server asks for it, the form shows the SMS field (type 2) and logs in with the code', async () => {
    let guarded = true;
    const login = vi.fn<(body: Record<string, unknown>) => unknown>((body) => {
      if (guarded && !body.code) throw new ApiError(1, LOGIN_NEEDS_SMS_CODE_MESSAGE, null, LOGIN_NEEDS_SMS_CODE_REASON);
      return LOGIN_RESULT;
    });
    const getCode = vi.fn<(body: Record<string, unknown>) => unknown>(() => ({ resendAfterSeconds: 60 }));
    const { open, store } = renderLoginModal({
      answers: { post: { 'api/user/login': login, 'api/user/getCode': getCode }, get: { 'api/user/info': TEST_PROFILE } },
    });
    open();
    expect(screen.queryByLabelText('短信验证码')).toBeNull();
    fillLogin();
    await submit('登录');
    expect(screen.getByLabelText('短信验证码')).toBeTruthy();
    expect(store.get(userInfoAtom)).toBeNull();

    // The code is now required before the call.
    solveCaptcha();
    await submit('登录');
    expect(screen.getByText('请输入验证码！')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);

    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-button'));
    });
    expect(getCode).toHaveBeenCalledWith(expect.objectContaining({ mobile: '86-13800138000', type: 2 }));
    type('短信验证码', '246810');
    solveCaptcha();
    await submit('登录');
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ code: '246810', password: 'secret123' }));
    await waitFor(() => expect(store.get(userInfoAtom)?.id).toBe(7));
  });
});

describe('remember account (password login)', () => {
  const answers = { post: { 'api/user/login': LOGIN_RESULT }, get: { 'api/user/info': TEST_PROFILE } };

  it('on: saves {mobile, password} and the next open is pre-filled with them', async () => {
    const { open, store } = renderLoginModal({ answers });
    open();
    const remember = screen.getByRole('switch', { name: '记住账号' }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    remember.click();
    fillLogin('13800138000', 'secret123');
    await submit('登录');
    expect(store.get(accountAtom)).toEqual({ mobile: '86-13800138000', password: 'secret123' });
    expect(JSON.parse(localStorage.getItem('account') ?? 'null')).toEqual({ mobile: '86-13800138000', password: 'secret123' });

    open();
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
    expect((screen.getByLabelText('登录密码') as HTMLInputElement).value).toBe('secret123');
    expect((screen.getByRole('combobox', { name: '国家/地区区号' }) as HTMLSelectElement).value).toBe('86');
    expect((screen.getByRole('switch', { name: '记住账号' }) as HTMLInputElement).checked).toBe(true);
  });

  it('off: the saved account is cleared at once and stays cleared after login', async () => {
    const { open, store } = renderLoginModal({ answers });
    store.set(accountAtom, { mobile: '86-13800138000', password: 'secret123' });
    open();
    const remember = screen.getByRole('switch', { name: '记住账号' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    remember.click();
    expect(store.get(accountAtom)).toBeNull();
    solveCaptcha();
    await submit('登录');
    expect(store.get(accountAtom)).toBeNull();
    expect(store.get(userInfoAtom)?.user_nickname).toBe('新球迷');
  });

  it('only password login pre-fills: register and forgot start empty', () => {
    const { open, store } = renderLoginModal({ answers });
    store.set(accountAtom, { mobile: '86-13800138000', password: 'secret123' });
    open('regiter');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
    open('forgot');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
  });
});
