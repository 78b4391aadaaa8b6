import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformEvents } from '@sports/shared';
import { GoLiveButton } from './GoLiveButton';
import { renderWithHost, TEST_USER } from './testing/renderWithHost';

describe('GoLiveButton', () => {
  it('asks a visitor to log in: warning toast for 3 s, then the login modal', () => {
    const { eventBus, navigate } = renderWithHost(<GoLiveButton />);
    const seen: Array<[string, unknown]> = [];
    eventBus.on('*', (type, event) => seen.push([String(type), event]));
    fireEvent.click(screen.getByRole('button', { name: '开播' }));
    const toast: PlatformEvents['toast'] = { kind: 'warning', message: '请登录后操作', durationMs: 3000 };
    expect(seen).toEqual([
      ['toast', toast],
      ['login:open', { mode: 'code' }],
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends an anchor to the broadcast records (member type 9)', () => {
    const { navigate } = renderWithHost(<GoLiveButton />, { userInfo: { ...TEST_USER, is_anchor: 1 } });
    fireEvent.click(screen.getByRole('button', { name: '开播' }));
    expect(navigate).toHaveBeenCalledWith('/member?type=9');
  });

  it('sends any other member to apply to be an anchor (member type 7)', () => {
    const { navigate, eventBus } = renderWithHost(<GoLiveButton />, { userInfo: { ...TEST_USER, is_anchor: 0 } });
    let toasts = 0;
    eventBus.on('toast', () => (toasts += 1));
    fireEvent.click(screen.getByRole('button', { name: '开播' }));
    expect(navigate).toHaveBeenCalledWith('/member?type=7');
    expect(toasts).toBe(0);
  });
});
