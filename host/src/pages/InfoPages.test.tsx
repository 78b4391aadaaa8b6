import { createElement } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { systemConfigAtom } from '@sports/shared';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { HOST_ROUTES } from '../routes/routeTable';
import { hostPages } from './hostPages';
import { AboutPage, ContactPage, PrivacyPage, TermsPage } from './InfoPages';
import { SITE_INFO } from './siteInfo';

describe("the footer's pages (issue 33)", () => {
  it('are host routes with their titles, off the nav, each with its page', () => {
    for (const [path, title] of [
      ['about', '关于我们'],
      ['contact', '联系我们'],
      ['terms', '用户协议'],
      ['privacy', '隐私政策'],
    ] as const) {
      expect(HOST_ROUTES.find((route) => route.path === path)).toMatchObject({ title, navIndex: null, owner: 'host' });
      expect(hostPages[path]).toBeTruthy();
    }
  });

  it('each route loads its page on demand (its own chunk), then shows it', async () => {
    renderWithHost(createElement(hostPages.terms!));
    expect(await screen.findByRole('heading', { level: 1, name: '用户协议' })).toBeTruthy();
  });

  it.each([
    ['关于我们', AboutPage],
    ['用户协议', TermsPage],
    ['隐私政策', PrivacyPage],
  ] as const)('%s: its heading and real sections of text, no in-development notice', (title, Page) => {
    renderWithHost(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('info-page').textContent).toContain('体育直播');
    expect(screen.getByTestId('info-page').textContent).not.toMatch(/开发中|敬请期待/);
  });

  it('联系我们: the e-mail and phone as links, the hours and address', () => {
    renderWithHost(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: '联系我们' })).toBeTruthy();
    expect(screen.getByRole('link', { name: SITE_INFO.email }).getAttribute('href')).toBe(`mailto:${SITE_INFO.email}`);
    expect(screen.getByRole('link', { name: SITE_INFO.phone }).getAttribute('href')).toBe('tel:4008000000');
    expect(screen.getByText(SITE_INFO.serviceHours)).toBeTruthy();
    expect(screen.getByText(SITE_INFO.address)).toBeTruthy();
  });

  it("names the site by the system config's siteTitle once loaded", () => {
    const { store } = renderWithHost(<AboutPage />);
    act(() =>
      store.set(systemConfigAtom, {
        siteTitle: '球迷直播',
        siteTitleSuffix: ' - 球迷直播',
        CountryCode: [],
        defaultCountryCode: '86',
        websocketUrl: '/ws/live-data',
        im: { provider: 'builtin', guestNicknamePrefix: '游客' },
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: '球迷直播是什么' })).toBeTruthy();
  });
});
