import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { navIndexAtom, systemConfigAtom, type SystemConfig } from '@sports/shared';
import type { RouteDefinition } from '../routes/routeDefinition';
import { siteRoute } from '../routes/testing/siteRoutesFixture';
import { AppLayout } from './AppLayout';
import { renderWithHost } from './testing/renderWithHost';
import { afterFirstFrame } from './testing/afterFirstFrame';
import { stubProperty } from './testing/stubProperty';

/** The route as this visitor's releases declare it (the stable releases' manifests). */
function route(path: string): RouteDefinition {
  return siteRoute(path);
}

function renderLayout(path: string, redirect = vi.fn()) {
  const rendered = renderWithHost(
    <AppLayout route={route(path)} redirectToMobileSite={redirect}>
      <p>页面内容</p>
    </AppLayout>,
    { path: `/${path}` },
  );
  return { ...rendered, redirect };
}

function header(): HTMLElement {
  const element = document.querySelector('header');
  if (!element) throw new Error('no header');
  return element;
}

function scrollTo(y: number) {
  stubProperty(window, 'scrollY', y);
  act(() => {
    fireEvent.scroll(window);
  });
}

const SYSTEM_CONFIG: SystemConfig = {
  siteTitle: '体育直播',
  siteTitleSuffix: ' - 体育直播',
  CountryCode: [{ id: 1, code: '86', name: '中国' }],
  defaultCountryCode: '86',
  websocketUrl: '/ws',
  im: { provider: 'builtin', guestNicknamePrefix: '游客' },
};

describe('AppLayout', () => {
  it('shows the left menu beside the page for nav index 2 and 3, no footer', () => {
    for (const path of ['anchor', 'schedule']) {
      const { unmount } = renderLayout(path);
      expect(screen.getByRole('complementary', { name: '侧边菜单' })).toBeTruthy();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(screen.getByRole('main').textContent).toBe('页面内容');
      unmount();
    }
  });

  it('shows the page then the footer elsewhere', () => {
    renderLayout('news');
    expect(screen.queryByRole('complementary', { name: '侧边菜单' })).toBeNull();
    const main = screen.getByRole('main');
    const footer = screen.getByRole('contentinfo');
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('stores the route nav index, and leaves it alone for routes without one', () => {
    const { store, rerender } = renderLayout('news');
    expect(store.get(navIndexAtom)).toBe(4);
    rerender(<AppLayout route={route('search')} redirectToMobileSite={vi.fn()}>{null}</AppLayout>);
    expect(store.get(navIndexAtom)).toBe(4);
    rerender(<AppLayout route={route('football')} redirectToMobileSite={vi.fn()}>{null}</AppLayout>);
    expect(store.get(navIndexAtom)).toBe(1);
  });

  describe('document title', () => {
    it('is the route title alone until the system config loads, then gets the suffix', () => {
      const { store } = renderLayout('news');
      expect(document.title).toBe('头条');
      act(() => store.set(systemConfigAtom, SYSTEM_CONFIG));
      expect(document.title).toBe('头条 - 体育直播');
    });
  });

  describe('header hiding on scroll', () => {
    it.each(['main', 'football', 'basketball'])('hides beyond 60 px on %s and shows again at 60', (path) => {
      renderLayout(path);
      expect(header().dataset.hidden).toBe('false');
      scrollTo(61);
      expect(header().dataset.hidden).toBe('true');
      expect(header().getAttribute('aria-hidden')).toBeNull();
      scrollTo(60);
      expect(header().dataset.hidden).toBe('false');
    });

    it.each(['news', 'anchor', 'schedule'])('never hides on %s', (path) => {
      renderLayout(path);
      scrollTo(500);
      expect(header().dataset.hidden).toBe('false');
    });

    it('starts hidden when the page opens already scrolled', () => {
      stubProperty(window, 'scrollY', 300);
      renderLayout('main');
      expect(header().dataset.hidden).toBe('true');
    });
  });

  describe('viewport layout', () => {
    it('is mobile at 992 px with the nav behind a menu button', () => {
      stubProperty(window, 'innerWidth', 992);
      const { container } = renderLayout('main');
      const root = container.firstElementChild as HTMLElement;
      expect(root.dataset.layout).toBe('mobile');
      const menuButton = screen.getByRole('button', { name: '菜单' });
      expect(menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
      fireEvent.click(menuButton);
      expect(menuButton.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
      fireEvent.click(screen.getByRole('link', { name: '头条' }));
      expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    });

    it('is desktop at 993 px, without a menu button', () => {
      stubProperty(window, 'innerWidth', 993);
      const { container } = renderLayout('main');
      expect((container.firstElementChild as HTMLElement).dataset.layout).toBe('desktop');
      expect(screen.queryByRole('button', { name: '菜单' })).toBeNull();
      expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
    });

    it('follows window resizes', () => {
      stubProperty(window, 'innerWidth', 1200);
      const { container } = renderLayout('main');
      stubProperty(window, 'innerWidth', 800);
      act(() => {
        fireEvent(window, new Event('resize'));
      });
      expect((container.firstElementChild as HTMLElement).dataset.layout).toBe('mobile');
    });
  });

  describe('narrow screen redirect', () => {
    it('sends a 500 px body to the same page on /h5 once the shell has painted', async () => {
      stubProperty(document.body, 'clientWidth', 500);
      const redirect = vi.fn();
      renderWithHost(
        <AppLayout route={route('live')} redirectToMobileSite={redirect}>
          <p>页面内容</p>
        </AppLayout>,
        { path: '/live?id=3' },
      );
      await waitFor(() => expect(redirect).toHaveBeenCalledWith('/h5/#/live?id=3'));
    });

    it('keeps a 501 px body, until it is resized to 500', async () => {
      stubProperty(document.body, 'clientWidth', 501);
      const { redirect } = renderLayout('main');
      await afterFirstFrame();
      expect(redirect).not.toHaveBeenCalled();
      stubProperty(document.body, 'clientWidth', 500);
      act(() => {
        fireEvent(window, new Event('resize'));
      });
      expect(redirect).toHaveBeenCalledWith('/h5/#/main');
    });

    it('ignores a body that has no layout yet (width 0)', async () => {
      stubProperty(document.body, 'clientWidth', 0);
      const { redirect } = renderLayout('main');
      await afterFirstFrame();
      expect(redirect).not.toHaveBeenCalled();
    });
  });
});
