import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderLoginModal, solveCaptcha, type } from './testing/renderLoginModal';

function smsButton(): HTMLButtonElement {
  return screen.getByTestId('sms-button') as HTMLButtonElement;
}

async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('SMS button (SPEC.md section 4): ready → 60 s countdown, disabled → ready', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers with type 1, counts down 60 s, then is ready again', async () => {
    const getCode = vi.fn(() => ({ resendAfterSeconds: 60 }));
    const { open, toasts } = renderLoginModal({ answers: { post: { 'api/user/getCode': getCode } } });
    open('regiter');
    type('手机号', '13800138000');
    expect(smsButton().disabled).toBe(false);
    expect(smsButton().textContent).toBe('获取验证码');

    solveCaptcha();
    fireEvent.click(smsButton());
    await flush();
    expect(getCode).toHaveBeenCalledWith({ mobile: '86-13800138000', type: 1, captcha: expect.stringMatching(/^captcha-/) });
    expect(toasts).toEqual([{ kind: 'success', message: '验证码已发送', durationMs: 3000 }]);
    expect(smsButton().disabled).toBe(true);
    expect(smsButton().textContent).toBe('60 秒后重新获取');

    act(() => vi.advanceTimersByTime(1000));
    expect(smsButton().textContent).toBe('59 秒后重新获取');
    act(() => vi.advanceTimersByTime(58_000));
    expect(smsButton().textContent).toBe('1 秒后重新获取');
    expect(smsButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(smsButton().disabled).toBe(false);
    expect(smsButton().textContent).toBe('获取验证码');
  });

  it('asks with type 2 for a password reset, with the chosen country code', async () => {
    const getCode = vi.fn(() => ({ resendAfterSeconds: 60 }));
    const { open } = renderLoginModal({ answers: { post: { 'api/user/getCode': getCode } } });
    open('forgot');
    fireEvent.change(screen.getByRole('combobox', { name: '国家/地区区号' }), { target: { value: '86' } });
    type('手机号', '13900139000');
    solveCaptcha();
    fireEvent.click(smsButton());
    await flush();
    expect(getCode).toHaveBeenCalledWith({ mobile: '86-13900139000', type: 2, captcha: expect.stringMatching(/^captcha-/) });
  });

  it('a code request spends the solution: registering afterwards needs, and sends, a fresh one', async () => {
    const getCode = vi.fn<(body: { captcha: string }) => unknown>(() => ({ resendAfterSeconds: 60 }));
    const register = vi.fn<(body: { captcha: string }) => unknown>(() => {
      throw new ApiError(1, '验证码错误');
    });
    const { open } = renderLoginModal({ answers: { post: { 'api/user/getCode': getCode, 'api/user/registered': register } } });
    open('regiter');
    type('手机号', '13800138000');
    solveCaptcha();
    fireEvent.click(smsButton());
    await flush();
    const spent = getCode.mock.calls[0]?.[0].captcha;
    type('短信验证码', '123456');
    type('登录密码', 'secret123');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
    });
    expect(screen.getByText('请先完成人机验证')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
    solveCaptcha();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
    });
    expect(register).toHaveBeenCalledTimes(1);
    expect(register.mock.calls[0]?.[0].captcha).not.toBe(spent);
  });

  it('stays ready when the server refuses (its message was already shown)', async () => {
    const { open } = renderLoginModal({ answers: { post: { 'api/user/getCode': new ApiError(1, '发送过于频繁') } } });
    open('regiter');
    type('手机号', '13800138000');
    solveCaptcha();
    fireEvent.click(smsButton());
    await flush();
    expect(screen.queryByText('请先完成人机验证')).toBeNull();
    expect(smsButton().disabled).toBe(false);
    expect(smsButton().textContent).toBe('获取验证码');
  });
});
