import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navIndexAtom, userInfoAtom, type PlatformEvents, type UserInfo } from '@sports/shared';
import { AccountArea } from './AccountArea';
import { renderWithHost, TEST_USER } from './testing/renderWithHost';

function openMenu(user: UserInfo, signOutAnswer: unknown = null) {
  const rendered = renderWithHost(<AccountArea />, {
    userInfo: user,
    answers: { post: { 'api/Member/SignOut': signOutAnswer } },
  });
  const toggle = screen.getByRole('button', { name: user.user_nickname });
  fireEvent.click(toggle);
  return { ...rendered, toggle, menu: screen.getByRole('menu', { name: '用户菜单' }) };
}

function menuEntries(menu: HTMLElement): Array<[string | null, string | null]> {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

describe('UserMenu', () => {
  it('shows the avatar with the nickname as its text alternative', () => {
    renderWithHost(<AccountArea />, { userInfo: TEST_USER });
    const avatar = screen.getByRole('img', { name: TEST_USER.user_nickname });
    expect(avatar.getAttribute('src')).toBe(TEST_USER.avatar);
    const toggle = screen.getByRole('button', { name: TEST_USER.user_nickname });
    expect(toggle.getAttribute('aria-haspopup')).toBe('menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows nickname, level and balance as they are', () => {
    const { toggle } = openMenu(TEST_USER);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = toggle.parentElement as HTMLElement;
    expect(panel.textContent).toContain('球迷小王');
    // 12 exp is LV1 (LV2 starts at 100: @sports/shared levels); the exp shows beside it.
    expect(panel.textContent).toContain('LV1 · 12 经验');
    expect(panel.textContent).toContain('余额 3500');
  });

  it('offers 申请主播 to a non-anchor', () => {
    const { menu } = openMenu({ ...TEST_USER, is_anchor: 0 });
    expect(menuEntries(menu)).toEqual([
      ['充值', '#/member?type=1&isRecharge=true'],
      ['个人中心', '#/member?type=0'],
      ['消息中心', '#/messages'],
      ['通知设置', '#/messages?view=settings'],
      ['我的关注', '#/member?type=2'],
      ['我的空间', '#/persona'],
      ['申请主播', '#/member?type=7'],
      ['退出登录', null],
    ]);
  });

  it('offers 开播记录 to an anchor instead', () => {
    const { menu } = openMenu({ ...TEST_USER, is_anchor: 1 });
    const labels = menuEntries(menu).map(([label]) => label);
    expect(labels).toContain('开播记录');
    expect(labels).not.toContain('申请主播');
    expect(within(menu).getByRole('menuitem', { name: '开播记录' }).getAttribute('href')).toBe('#/member?type=9');
  });

  it('退出登录 signs out, clears the user, announces it and goes home', async () => {
    const { menu, store, post, navigate, eventBus } = openMenu(TEST_USER);
    const cleared: Array<PlatformEvents['session:cleared']> = [];
    eventBus.on('session:cleared', (event) => cleared.push(event));
    store.set(navIndexAtom, 5);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main'));
    expect(post).toHaveBeenCalledWith('api/Member/SignOut');
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(navIndexAtom)).toBe(0);
    expect(cleared).toEqual([{ reason: 'logout' }]);
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('logs out locally even when the sign-out call fails', async () => {
    const { menu, store, navigate } = openMenu(TEST_USER, new Error('network down'));
    fireEvent.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/main'));
    expect(store.get(userInfoAtom)).toBeNull();
  });

  it('closes after choosing a link', () => {
    const { menu, toggle } = openMenu(TEST_USER);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '个人中心' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
