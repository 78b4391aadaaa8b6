import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, navIndexAtom, sessionAtom, userInfoAtom, type PlatformEvents, type UserProfile } from '@sports/shared';
import { createTestServices, TEST_USER } from '../layout/testing/renderWithHost';
import { refreshSavedUser } from './startPageSession';

const PROFILE: UserProfile = { id: 9, user_nickname: '改名后', avatar: '/uploads/0a1b.png', exp: 40, level: 2, balance: 120, is_anchor: 1, invite_code: 'AB12CD34' };

function setUp(info: unknown, options: { loggedIn?: boolean } = {}) {
  const signOut = vi.fn(() => null);
  const test = createTestServices({ userInfo: options.loggedIn === false ? null : TEST_USER, answers: { get: { 'api/user/info': info }, post: { 'api/Member/SignOut': signOut } } });
  const toasts: Array<PlatformEvents['toast']> = [];
  const cleared: Array<PlatformEvents['session:cleared']> = [];
  test.eventBus.on('toast', (toast) => toasts.push(toast));
  test.eventBus.on('session:cleared', (event) => cleared.push(event));
  return { ...test, signOut, toasts, cleared };
}

afterEach(() => localStorage.clear());

describe('the refresh of a remembered user at page load', () => {
  it('a visitor: nothing is asked', async () => {
    const { services, get } = setUp(PROFILE, { loggedIn: false });
    await refreshSavedUser(services);
    expect(get).not.toHaveBeenCalled();
  });

  it('the saved user and the session store become the profile (only the SPEC user fields are saved)', async () => {
    const { services, store, toasts } = setUp(PROFILE);
    await refreshSavedUser(services);
    const saved = { id: 9, user_nickname: '改名后', avatar: '/uploads/0a1b.png', exp: 40, balance: 120, is_anchor: 1 };
    expect(store.get(userInfoAtom)).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(saved);
    expect(store.get(sessionAtom)).toMatchObject({ name: '改名后', avatar: '/uploads/0a1b.png', data: saved, token: '' });
    expect(toasts).toEqual([]);
  });

  it("a profile answer without data: 'Verification failed, please Login again.', the session ended and forgotten", async () => {
    const { services, store, toasts, signOut, cleared } = setUp(null);
    store.set(navIndexAtom, 2);
    await refreshSavedUser(services);
    expect(toasts).toEqual([{ kind: 'error', message: 'Verification failed, please Login again.', durationMs: 5000 }]);
    expect(signOut).toHaveBeenCalled();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(localStorage.getItem('userInfo')).toBe('null');
    expect(store.get(sessionAtom)).toMatchObject({ name: '', avatar: '', data: null });
    expect(store.get(navIndexAtom)).toBe(0);
    expect(cleared).toEqual([{ reason: 'loginRequired' }]);
  });

  it('a refused call (700 and the like, handled by the API client) rejects and saves nothing here', async () => {
    const { services, store, toasts } = setUp(new ApiError(700, '请登录后操作'));
    await expect(refreshSavedUser(services)).rejects.toBeInstanceOf(ApiError);
    expect(store.get(userInfoAtom)).toEqual(TEST_USER);
    expect(toasts).toEqual([]);
  });
});
