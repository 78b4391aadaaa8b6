import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { navIndexAtom, sessionAtom, userInfoAtom } from '@sports/shared';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { LogoutConfirmDialog } from './LogoutConfirmDialog';

function renderDialog(signOutAnswer: unknown = null) {
  const reload = vi.fn();
  const rendered = renderWithHost(<LogoutConfirmDialog reload={reload} />, {
    userInfo: TEST_USER,
    answers: { post: { 'api/Member/SignOut': signOutAnswer } },
  });
  act(() => rendered.eventBus.emit('session:logoutConfirm', { code: 50012 }));
  return { ...rendered, reload };
}

describe('LogoutConfirmDialog', () => {
  it('opens one 确认退出 dialog however many events arrive', () => {
    const { eventBus } = renderDialog();
    act(() => {
      eventBus.emit('session:logoutConfirm', { code: 50008 });
      eventBus.emit('session:logoutConfirm', { code: 50014 });
    });
    const dialogs = screen.getAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '确认退出' }).textContent).toContain('你已被登出');
  });

  it('取消 closes it and keeps the user', () => {
    const { store, reload, post } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(userInfoAtom)).toEqual(TEST_USER);
    expect(post).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('重新登录 signs out, clears the saved session and reloads', async () => {
    const { store, reload, post } = renderDialog();
    store.set(navIndexAtom, 4);
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('api/Member/SignOut');
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(sessionAtom).token).toBe('');
    expect(store.get(navIndexAtom)).toBe(0);
    expect(localStorage.getItem('userInfo')).toBe('null');
  });

  it('重新登录 still clears and reloads when the sign-out call fails', async () => {
    const { store, reload } = renderDialog(new Error('network down'));
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(store.get(userInfoAtom)).toBeNull();
  });
});
