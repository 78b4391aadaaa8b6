import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithHost, TEST_USER } from '../layout/testing/renderWithHost';
import { afterFirstFrame } from '../layout/testing/afterFirstFrame';
import { stubProperty } from '../layout/testing/stubProperty';
import { siteRoute } from '../routes/testing/siteRoutesFixture';
import { MobileLayout } from './MobileLayout';

function renderMobile(routePath: string, options: { hash?: string; loggedIn?: boolean } = {}) {
  const redirect = vi.fn();
  const rendered = renderWithHost(
    <MobileLayout route={siteRoute(routePath)} redirectToDesktopSite={redirect}>
      <p>页面内容</p>
    </MobileLayout>,
    { path: options.hash ?? `/${routePath}`, userInfo: options.loggedIn ? TEST_USER : null },
  );
  return { ...rendered, redirect };
}

function tabBar(): HTMLElement {
  return screen.getByRole('navigation', { name: '底部导航' });
}

function tab(name: string): HTMLElement {
  const link = [...tabBar().querySelectorAll('a')].find((element) => element.textContent === name);
  if (!link) throw new Error(`no tab ${name}`);
  return link;
}

describe('MobileLayout', () => {
  it('shows the five bottom tabs, each linking to its page', () => {
    renderMobile('main');
    const links = [...tabBar().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['首页', '#/main'],
      ['直播', '#/anchor'],
      ['比分', '#/football'],
      ['社区', '#/circle'],
      ['我的', '#/member'],
    ]);
  });

  it("marks the page's own tab aria-current=page and no other", () => {
    renderMobile('football');
    expect(tab('比分').getAttribute('aria-current')).toBe('page');
    for (const other of ['首页', '直播', '社区', '我的']) expect(tab(other).hasAttribute('aria-current')).toBe(false);
  });

  it("highlights the section's tab on a page under it (the ranking under 直播)", () => {
    renderMobile('rank');
    expect(tab('直播').getAttribute('aria-current')).toBe('true');
    expect(tab('首页').hasAttribute('aria-current')).toBe(false);
  });

  it('gives a live room the whole screen (its manifest says immersiveOnPhone): no bottom tab bar, no side margins, a way back (issue 33)', () => {
    renderMobile('live', { hash: '/live?id=3' });
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull();
    expect(screen.getByRole('main').getAttribute('data-immersive')).toBe('true');
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(screen.getByText('页面内容')).toBeTruthy();
  });

  it('#/news (头条) lights 首页, whose headlines it opens from, never 社区 (issue 33)', () => {
    renderMobile('news');
    expect(tab('首页').getAttribute('aria-current')).toBe('true');
    for (const other of ['直播', '比分', '社区', '我的']) expect(tab(other).hasAttribute('aria-current')).toBe(false);
  });

  it('shows the route title in the header, the page in main, and the document title', () => {
    renderMobile('circle');
    expect(screen.getByTestId('mobile-title').textContent).toBe(siteRoute('circle').title);
    expect(screen.getByRole('main').textContent).toBe('页面内容');
    expect(document.title).toBe(siteRoute('circle').title);
  });

  it('has no back button on a tab page', () => {
    for (const path of ['main', 'anchor', 'football', 'circle', 'member']) {
      const { unmount } = renderMobile(path, { loggedIn: true });
      expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
      unmount();
    }
  });

  it('has a back button elsewhere: opened directly it goes home, not out of the site', () => {
    renderMobile('live', { hash: '/live?id=3' });
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(window.location.hash).toBe('#/main');
  });

  it('back returns to the page before inside the site', async () => {
    renderMobile('rank', { hash: '/rank?type=1' });
    fireEvent.click(tab('首页'));
    expect(window.location.hash).toBe('#/main');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(window.location.hash).toBe('#/rank?type=1'));
  });

  it('sends a wider screen to the same page on the desktop site, once painted and on resize', async () => {
    stubProperty(document.body, 'clientWidth', 400);
    const { redirect } = renderMobile('live', { hash: '/live?id=3' });
    await afterFirstFrame();
    expect(redirect).not.toHaveBeenCalled();
    stubProperty(document.body, 'clientWidth', 800);
    act(() => {
      fireEvent(window, new Event('resize'));
    });
    expect(redirect).toHaveBeenCalledWith('/web/#/live?id=3');
  });

  it('我的 for a guest: the login prompt, again when tapped on that page; a member just opens it', () => {
    const { eventBus } = renderMobile('member');
    const asked = vi.fn();
    eventBus.on('login:open', asked);
    fireEvent.click(tab('我的'));
    expect(asked).toHaveBeenCalledWith({ mode: 'code' });
    expect(window.location.hash).toBe('#/member');
  });

  it('我的 for a member asks nothing', () => {
    const { eventBus } = renderMobile('member', { loggedIn: true });
    const asked = vi.fn();
    eventBus.on('login:open', asked);
    fireEvent.click(tab('我的'));
    expect(asked).not.toHaveBeenCalled();
  });
});
