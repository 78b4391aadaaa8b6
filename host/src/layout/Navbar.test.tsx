import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type PlatformEvents } from '@sports/shared';
import { siteRoute } from '../routes/testing/siteRoutesFixture';
import { Navbar } from './Navbar';
import { renderWithHost, TEST_USER, type HostTestOptions } from './testing/renderWithHost';

function renderNavbar(activeNavIndex: number | null, options: HostTestOptions = {}) {
  return renderWithHost(<Navbar activeNavIndex={activeNavIndex} layout="desktop" />, options);
}

function navItems(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-nav-index]'));
}

function activeItems(): HTMLElement[] {
  return navItems().filter((item) => item.dataset.active === 'true');
}

describe('Navbar', () => {
  it('marks one item per nav index, in display order', () => {
    renderNavbar(null);
    expect(navItems().map((item) => item.dataset.navIndex)).toEqual(['0', '2', '3', '1', '4', '5', '6', '9', '7']);
  });

  it.each([
    ['main', 0, '首页'],
    ['football', 1, '比分'],
    ['anchor', 2, '直播'],
    ['schedule', 3, '赛程'],
    ['news', 4, '头条'],
    ['circle', 5, '社区'],
    ['base-basketball', 6, '资料库'],
    ['downLoad', 7, '下载'],
    ['foresight', 9, '情报'],
  ])('on %s highlights nav index %i (%s)', (path, navIndex, label) => {
    renderNavbar(siteRoute(path).navIndex);
    const active = activeItems();
    expect(active).toHaveLength(1);
    expect(active[0]?.dataset.navIndex).toBe(String(navIndex));
    expect(active[0]?.getAttribute('aria-current')).toBe('page');
    expect(active[0]?.textContent).toContain(label);
  });

  it('highlights nothing on a route without a nav index', () => {
    renderNavbar(siteRoute('search').navIndex);
    expect(activeItems()).toHaveLength(0);
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(0);
  });

  it('links the logo and the plain items to their hash routes', () => {
    renderNavbar(0);
    const logo = screen.getByRole('link', { name: '体育直播' });
    expect(logo.getAttribute('href')).toBe('#/main');
    const expected: Array<[string, string]> = [
      ['首页', '#/main'],
      ['直播', '#/anchor?type=0'],
      ['赛程', '#/schedule'],
      ['头条', '#/news'],
      ['社区', '#/circle'],
      ['情报', '#/foresight'],
      ['下载', '#/downLoad'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it.each([
    ['展开直播菜单', '直播', [['足球', '#/anchor?type=1'], ['篮球', '#/anchor?type=2'], ['电竞', '#/anchor?type=3'], ['综合', '#/anchor?type=4']]],
    ['比分', '比分', [['足球', '#/football'], ['篮球', '#/basketball']]],
    ['资料库', '资料库', [['足球', '#/base-football'], ['篮球', '#/base-basketball']]],
  ])('the %s button opens its menu with the right links', (buttonName, menuName, links) => {
    renderNavbar(null);
    const toggle = screen.getByRole('button', { name: buttonName });
    expect(toggle.getAttribute('aria-haspopup')).toBe('menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu', { name: menuName })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: menuName });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(links);
  });

  it('opens a dropdown on mouse hover and closes it when the mouse leaves', () => {
    renderNavbar(null);
    const item = screen.getByRole('button', { name: '比分' }).closest('li') as HTMLElement;
    fireEvent.pointerOver(item, { pointerType: 'mouse' });
    expect(screen.getByRole('menu', { name: '比分' })).toBeTruthy();
    fireEvent.pointerOut(item, { pointerType: 'mouse', relatedTarget: document.body });
    expect(screen.queryByRole('menu', { name: '比分' })).toBeNull();
  });

  it('ignores touch hover, so a tap opens the menu once', () => {
    renderNavbar(null);
    const toggle = screen.getByRole('button', { name: '比分' });
    fireEvent.pointerOver(toggle, { pointerType: 'touch' });
    expect(screen.queryByRole('menu', { name: '比分' })).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('menu', { name: '比分' })).toBeTruthy();
  });

  it('opens from the keyboard with ArrowDown, moves with arrows, closes on Escape back to the button', () => {
    renderNavbar(null);
    const toggle = screen.getByRole('button', { name: '资料库' });
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: '资料库' });
    const [football, basketball] = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(football);
    fireEvent.keyDown(football as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(basketball);
    fireEvent.keyDown(basketball as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(football);
    fireEvent.keyDown(football as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: '资料库' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes an open dropdown on a click outside it', () => {
    renderNavbar(null);
    fireEvent.click(screen.getByRole('button', { name: '比分' }));
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu', { name: '比分' })).toBeNull();
  });

  it('closes an open dropdown when focus moves outside it (Tab away)', () => {
    renderNavbar(null);
    fireEvent.click(screen.getByRole('button', { name: '比分' }));
    act(() => screen.getByRole('link', { name: '头条' }).focus());
    expect(screen.queryByRole('menu', { name: '比分' })).toBeNull();
  });

  it('shows 登录 to a visitor, which opens the login modal in code mode', () => {
    const { eventBus } = renderNavbar(0);
    const opened: Array<PlatformEvents['login:open']> = [];
    eventBus.on('login:open', (event) => opened.push(event));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(opened).toEqual([{ mode: 'code' }]);
  });

  it('shows the avatar menu instead once the user is known, and 登录 again after logout', () => {
    const { store } = renderNavbar(0, { userInfo: TEST_USER });
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
    expect(screen.getByRole('img', { name: TEST_USER.user_nickname })).toBeTruthy();
    act(() => store.set(userInfoAtom, null));
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('has the search box and the Go live button', () => {
    renderNavbar(0);
    expect(screen.getByLabelText('搜索')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开播' })).toBeTruthy();
  });
});
