import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom } from '@sports/shared';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { useRequireLogin } from './useRequireLogin';

function Probe({ onGuard }: { onGuard: (guard: () => boolean) => void }) {
  onGuard(useRequireLogin());
  return null;
}

function renderGuard(options: Parameters<typeof renderWithHost>[1] = {}) {
  let guard: () => boolean = () => false;
  const rendered = renderWithHost(<Probe onGuard={(latest) => (guard = latest)} />, options);
  const seen: Array<[string, unknown]> = [];
  rendered.eventBus.on('*', (type, event) => seen.push([String(type), event]));
  return { ...rendered, seen, guard: () => guard() };
}

describe('useRequireLogin', () => {
  it('a visitor: false, 请登录后操作 as a 3 s warning, then the login modal opens', () => {
    const { guard, seen } = renderGuard();
    expect(guard()).toBe(false);
    expect(seen).toEqual([
      ['toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 }],
      ['login:open', { mode: 'code' }],
    ]);
  });

  it('a member: true, nothing shown', () => {
    const { guard, seen } = renderGuard({ userInfo: TEST_USER });
    expect(guard()).toBe(true);
    expect(seen).toEqual([]);
  });

  it('reads the session when called, so a login a moment ago counts', () => {
    const { guard, store } = renderGuard();
    act(() => store.set(userInfoAtom, TEST_USER));
    expect(guard()).toBe(true);
  });
});
