import { act, fireEvent, screen } from '@testing-library/react';
import type { LoginModalMode, PlatformEvents, UserProfile } from '@sports/shared';
import { renderWithHost, type HostTestOptions } from '../../layout/testing/renderWithHost';
import { CaptchaWidgetContext } from '../captchaWidget';
import { LoginModal, loadAccountForm } from '../LoginModal';
import { FakeCaptchaWidget } from './FakeCaptchaWidget';

export const TEST_PROFILE: UserProfile = {
  id: 7,
  user_nickname: '新球迷',
  avatar: '/avatars/1.png',
  exp: 1,
  balance: 0,
  is_anchor: 0,
  invite_code: 'AB12CD34',
  level: 1,
};

// The form is its own chunk: loaded before any test renders, the modal shows it at once.
await loadAccountForm();

/** The LoginModal with the fake captcha, the toasts it asked for, and a way to open it. */
export function renderLoginModal(options: HostTestOptions = {}) {
  const rendered = renderWithHost(
    <CaptchaWidgetContext.Provider value={FakeCaptchaWidget}>
      <LoginModal />
    </CaptchaWidgetContext.Provider>,
    options,
  );
  const toasts: Array<PlatformEvents['toast']> = [];
  rendered.eventBus.on('toast', (toast) => toasts.push(toast));
  const open = (mode?: LoginModalMode) => {
    act(() => rendered.eventBus.emit('login:open', mode ? { mode } : {}));
    return screen.getByRole('dialog');
  };
  return { ...rendered, toasts, open };
}

/** Types into a labelled field, as a user would (the change event). */
export function type(label: string, value: string): HTMLInputElement {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

export function solveCaptcha(): void {
  fireEvent.click(screen.getByRole('button', { name: '完成验证' }));
}

export async function submit(name: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The messages shown next to fields, in order. */
export function shownMessages(): string[] {
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}
