import { useEffect } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { systemConfigAtom } from '@sports/shared';
import { describe, expect, it } from 'vitest';
import { useHostServices } from '../app/hostServices';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { CaptchaWidgetContext } from './captchaWidget';
import { AccountArea } from '../layout/AccountArea';
import { LoginModal } from './LoginModal';
import { FakeCaptchaWidget } from './testing/FakeCaptchaWidget';
import { renderLoginModal, solveCaptcha, TEST_PROFILE, type } from './testing/renderLoginModal';

function title(): string {
  const dialog = screen.getByRole('dialog');
  return document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
}

function follow(link: string): void {
  fireEvent.click(screen.getByRole('button', { name: link }));
}

describe('LoginModal', () => {
  it('is closed until login:open, then a labelled modal dialog, password login by default', () => {
    const { open } = renderLoginModal();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: '密码登录' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));
  });

  it('is presented as a sheet (full screen on the mobile shell: mobile/MobileShellStyle.ts)', () => {
    const { open } = renderLoginModal();
    open();
    expect(screen.getByTestId('dialog-backdrop').getAttribute('data-presentation')).toBe('sheet');
  });

  it('opens in the mode the event asks for, with the SPEC titles', () => {
    const { open } = renderLoginModal();
    open('regiter');
    expect(title()).toBe('注册');
    open('forgot');
    expect(title()).toBe('忘记密码');
    open('code');
    expect(title()).toBe('密码登录');
  });

  it('reads Chinese in every mode: no English title, text, button, placeholder or aria-label (issue 33)', () => {
    const { open } = renderLoginModal();
    for (const mode of ['code', 'regiter', 'forgot'] as const) {
      const dialog = open(mode);
      const visible = [dialog.textContent ?? ''];
      for (const element of Array.from(dialog.querySelectorAll('*'))) {
        for (const name of ['aria-label', 'placeholder', 'title', 'value']) {
          const value = element.getAttribute(name);
          if (value && !(element instanceof HTMLInputElement && name === 'value')) visible.push(value);
        }
      }
      // Two or more Latin letters in a row is an English word (digits, +86 and 6-32 are fine).
      expect(visible.filter((text) => /[A-Za-z]{2,}/.test(text)), mode).toEqual([]);
    }
  });

  it('moves between modes by its links, exactly as SPEC.md section 4 allows', () => {
    const { open } = renderLoginModal();
    open();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(
      expect.arrayContaining(['没有账号？立即注册', '忘记密码']),
    );
    expect(screen.queryByRole('button', { name: '密码登录' })).toBeNull();

    follow('没有账号？立即注册');
    expect(title()).toBe('注册');
    expect(screen.queryByRole('button', { name: '没有账号？立即注册' })).toBeNull();
    follow('密码登录');
    expect(title()).toBe('密码登录');
    follow('忘记密码');
    expect(title()).toBe('忘记密码');
    expect(screen.queryByRole('button', { name: '忘记密码' })).toBeNull();
    follow('密码登录');
    expect(title()).toBe('密码登录');
    follow('没有账号？立即注册');
    follow('忘记密码');
    expect(title()).toBe('忘记密码');
  });

  it('shows each mode its own fields', () => {
    const { open } = renderLoginModal();
    open();
    expect(screen.getByRole('switch', { name: '记住账号' })).toBeTruthy();
    expect(screen.queryByLabelText('短信验证码')).toBeNull();
    expect(screen.getByRole('group', { name: '人机验证' })).toBeTruthy();

    follow('没有账号？立即注册');
    expect(screen.getByLabelText('短信验证码')).toBeTruthy();
    expect(screen.getByLabelText('邀请码（选填）')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('group', { name: '人机验证' })).toBeTruthy();

    follow('忘记密码');
    expect(screen.getByLabelText('短信验证码')).toBeTruthy();
    expect(screen.getByLabelText('新密码')).toBeTruthy();
    expect(screen.queryByLabelText('邀请码（选填）')).toBeNull();
    // Asking for the reset code spends a captcha solution.
    expect(screen.getByRole('group', { name: '人机验证' })).toBeTruthy();
  });

  it('clears the form when the mode changes, and focuses the new form', () => {
    const { open } = renderLoginModal();
    open('regiter');
    type('手机号', '13800138000');
    type('短信验证码', '123456');
    type('登录密码', 'secret123');
    type('邀请码（选填）', 'ABC');
    follow('密码登录');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('登录密码') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));
    follow('没有账号？立即注册');
    expect((screen.getByLabelText('短信验证码') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('');
  });

  it('closes on Escape; opening again starts from an empty form', () => {
    const { open } = renderLoginModal();
    open();
    type('手机号', '13800138000');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
  });

  it('hears a login:open emitted by a page effect on the very first render (#/login)', () => {
    function LoginRoute() {
      const { eventBus } = useHostServices();
      useEffect(() => eventBus.emit('login:open', { mode: 'code' }), [eventBus]);
      return null;
    }
    renderWithHost(
      <CaptchaWidgetContext.Provider value={FakeCaptchaWidget}>
        <LoginRoute />
        <LoginModal />
      </CaptchaWidgetContext.Provider>,
    );
    expect(screen.getByRole('dialog', { name: '密码登录' })).toBeTruthy();
  });

  it('offers the country codes of the system config, 86 by default', () => {
    const { open, store } = renderLoginModal();
    store.set(systemConfigAtom, {
      siteTitle: '体育直播',
      siteTitleSuffix: ' - 体育直播',
      CountryCode: [
        { id: 1, code: '86', name: '中国大陆' },
        { id: 2, code: '852', name: '中国香港' },
      ],
      defaultCountryCode: '86',
      websocketUrl: '/ws/live-data',
      im: { provider: 'builtin', guestNicknamePrefix: '游客' },
    });
    open();
    const select = screen.getByRole('combobox', { name: '国家/地区区号' }) as HTMLSelectElement;
    expect(select.value).toBe('86');
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual(['+86 中国大陆', '+852 中国香港']);
  });

  it('falls back to 86 while the system config has not arrived', () => {
    const { open } = renderLoginModal();
    open();
    const select = screen.getByRole('combobox', { name: '国家/地区区号' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['86']);
  });

  it("from the header: 登录 opens it, a login closes it and the avatar menu takes the button's place", async () => {
    renderWithHost(
      <CaptchaWidgetContext.Provider value={FakeCaptchaWidget}>
        <AccountArea />
        <LoginModal />
      </CaptchaWidgetContext.Provider>,
      { answers: { post: { 'api/user/login': { ...TEST_PROFILE, token: 'st_x' } }, get: { 'api/user/info': TEST_PROFILE } } },
    );
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('dialog', { name: '密码登录' })).toBeTruthy();
    type('手机号', '13800138000');
    type('登录密码', 'secret123');
    solveCaptcha();
    const dialog = screen.getByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('img', { name: '新球迷' })).toBeTruthy();
  });

  it('asked again for the mode it was opened with while open, keeps the form the visitor is filling', () => {
    const { open } = renderLoginModal();
    open('code');
    type('手机号', '13800138000');
    open('code');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
    fireEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
    expect(title()).toBe('注册');
    type('手机号', '13900139000');
    open('code');
    expect(title()).toBe('注册');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13900139000');
  });
});
