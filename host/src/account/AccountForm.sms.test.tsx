import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderLoginModal, type } from './testing/renderLoginModal';

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

    fireEvent.click(smsButton());
    await flush();
    expect(getCode).toHaveBeenCalledWith({ mobile: '86-13800138000', type: 1 });
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
    fireEvent.click(smsButton());
    await flush();
    expect(getCode).toHaveBeenCalledWith({ mobile: '86-13900139000', type: 2 });
  });

  it('stays ready when the server refuses (its message was already shown)', async () => {
    const { open } = renderLoginModal({ answers: { post: { 'api/user/getCode': new ApiError(1, '发送过于频繁') } } });
    open('regiter');
    type('手机号', '13800138000');
    fireEvent.click(smsButton());
    await flush();
    expect(smsButton().disabled).toBe(false);
    expect(smsButton().textContent).toBe('获取验证码');
  });
});
