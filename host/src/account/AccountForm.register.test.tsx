import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountAtom, userInfoAtom, type PlatformEvents } from '@sports/shared';
import { TEST_USER } from '../layout/testing/renderWithHost';
import { resetFakeCaptchaSolutions } from './testing/FakeCaptchaWidget';
import { renderLoginModal, solveCaptcha, submit, TEST_PROFILE, type } from './testing/renderLoginModal';

beforeEach(() => resetFakeCaptchaSolutions());

function fillRegistration(invite?: string) {
  type('手机号', '13800138000');
  type('短信验证码', '123456');
  type('登录密码', 'secret123');
  if (invite) type('邀请码（选填）', invite);
  solveCaptcha();
}

describe('registration', () => {
  it('sends mobile, code, password, device_type pc, invite and captcha; 注册成功; info saved; closes', async () => {
    const registered = vi.fn(() => ({ ...TEST_PROFILE, token: 'st_x' }));
    const { open, store, toasts } = renderLoginModal({
      answers: { post: { 'api/user/registered': registered }, get: { 'api/user/info': TEST_PROFILE } },
    });
    open('regiter');
    fillRegistration('AB12CD34');
    await submit('注册');
    expect(registered).toHaveBeenCalledWith({
      mobile: '86-13800138000',
      code: '123456',
      password: 'secret123',
      device_type: 'pc',
      invite: 'AB12CD34',
      captcha: 'captcha-1',
    });
    expect(toasts).toEqual([{ kind: 'success', message: '注册成功', durationMs: 3000 }]);
    expect(store.get(userInfoAtom)?.user_nickname).toBe('新球迷');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the invite out when none was given', async () => {
    const registered = vi.fn(() => ({ ...TEST_PROFILE, token: 'st_x' }));
    const { open } = renderLoginModal({ answers: { post: { 'api/user/registered': registered }, get: { 'api/user/info': TEST_PROFILE } } });
    open('regiter');
    fillRegistration();
    await submit('注册');
    expect(registered.mock.calls[0]).toEqual([expect.not.objectContaining({ invite: expect.anything() })]);
  });

  it("an answer without data: 'Verification failed, please Login again.'", async () => {
    const { open, store, toasts } = renderLoginModal({ answers: { post: { 'api/user/registered': null } } });
    open('regiter');
    fillRegistration();
    await submit('注册');
    expect(toasts.map((toast) => [toast.kind, toast.message])).toEqual([['error', 'Verification failed, please Login again.']]);
    expect(store.get(userInfoAtom)).toBeNull();
    expect(screen.getByRole('dialog', { name: '注册' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  function fillReset() {
    type('手机号', '13800138000');
    type('短信验证码', '654321');
    type('新密码', 'newsecret1');
  }

  it('sends mobile, code and the new password; a success toast; back to password login, cleared', async () => {
    const forgot = vi.fn(() => null);
    const { open, toasts } = renderLoginModal({ answers: { post: { 'api/user/forgotPassword': forgot } } });
    open('forgot');
    fillReset();
    await submit('重置密码');
    expect(forgot).toHaveBeenCalledWith({ mobile: '86-13800138000', code: '654321', password: 'newsecret1' });
    expect(toasts).toEqual([{ kind: 'success', message: '密码已重置，请重新登录', durationMs: 3000 }]);
    expect(screen.getByRole('dialog', { name: '密码登录' })).toBeTruthy();
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
  });

  it('logs out a user logged in here and forgets the old remembered password of that mobile', async () => {
    const { open, store, eventBus } = renderLoginModal({
      userInfo: TEST_USER,
      answers: { post: { 'api/user/forgotPassword': null } },
    });
    store.set(accountAtom, { mobile: '86-13800138000', password: 'old-secret' });
    const cleared: Array<PlatformEvents['session:cleared']> = [];
    eventBus.on('session:cleared', (event) => cleared.push(event));
    open('forgot');
    fillReset();
    await submit('重置密码');
    expect(store.get(userInfoAtom)).toBeNull();
    expect(cleared).toEqual([{ reason: 'reset' }]);
    expect(store.get(accountAtom)).toBeNull();
  });
});
