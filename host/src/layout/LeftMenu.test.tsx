import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeftMenu } from './LeftMenu';
import { renderWithHost } from './testing/renderWithHost';

function renderMenu(path = '/schedule') {
  return renderWithHost(<LeftMenu />, { path });
}

function menu(): HTMLElement {
  return screen.getByRole('complementary', { name: '侧边菜单' });
}

describe('LeftMenu', () => {
  it('links the pages in order, then download and about', () => {
    renderMenu();
    const links = within(menu())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['赛程', '#/schedule'],
      ['关注', '#/attention'],
      ['预约', '#/reserve'],
      ['全部', '#/anchor?type=0'],
      ['足球', '#/anchor?type=1'],
      ['篮球', '#/anchor?type=2'],
      ['下载APP', '#/downLoad'],
      ['关于我们', '#/about'],
    ]);
  });

  it.each([
    ['/schedule', '赛程'],
    ['/schedule?type=2', '赛程'],
    ['/attention', '关注'],
    ['/anchor', '全部'],
    ['/anchor?type=0', '全部'],
    ['/anchor?type=2', '篮球'],
  ])('on %s highlights %s only', (path, label) => {
    renderMenu(path);
    const current = within(menu()).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it('highlights nothing on a page it does not list', () => {
    renderMenu('/anchor?type=3');
    expect(menu().querySelectorAll('[aria-current]')).toHaveLength(0);
  });

  it('关于我们 is a link to the host\'s #/about page, no in-development notice (issue 33)', () => {
    const { eventBus } = renderMenu();
    let notices = 0;
    eventBus.on('notice:inDevelopment', () => (notices += 1));
    const about = within(menu()).getByRole('link', { name: '关于我们' });
    expect(about.getAttribute('href')).toBe('#/about');
    fireEvent.click(about);
    expect(notices).toBe(0);
  });

  it('starts open without a cookie', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: '收起侧边栏' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu().dataset.opened).toBe('true');
  });

  it('keeps the collapsed and expanded choice in the sidebarStatus cookie', () => {
    const { unmount } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(menu().dataset.opened).toBe('false');
    expect(within(menu()).queryAllByRole('link')).toHaveLength(0);
    unmount();

    const second = renderMenu();
    const toggle = screen.getByRole('button', { name: '展开侧边栏' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(document.cookie).toContain('sidebarStatus=1');
    expect(within(menu()).getAllByRole('link')).toHaveLength(8);
    second.unmount();

    renderMenu();
    expect(screen.getByRole('button', { name: '收起侧边栏' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('reads a closed state saved by an earlier visit', () => {
    document.cookie = 'sidebarStatus=0; path=/';
    renderMenu();
    expect(screen.getByRole('button', { name: '展开侧边栏' }).getAttribute('aria-expanded')).toBe('false');
  });
});
