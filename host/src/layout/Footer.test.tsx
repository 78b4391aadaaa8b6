import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemConfigAtom, type SystemConfig } from '@sports/shared';
import { Footer } from './Footer';
import { renderWithHost } from './testing/renderWithHost';

const TEST_SYSTEM_CONFIG: SystemConfig = {
  siteTitle: '体育直播',
  siteTitleSuffix: ' - 体育直播',
  CountryCode: [{ id: 1, code: '86', name: '中国大陆' }],
  defaultCountryCode: '86',
  websocketUrl: '/ws/live-data',
  im: { provider: 'builtin', guestNicknamePrefix: '游客' },
};

describe('Footer', () => {
  it('shows the site name, the copyright and a download link', () => {
    renderWithHost(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('体育直播');
    expect(footer.textContent).toContain(`© ${new Date(Date.now() + 8 * 3_600_000).getUTCFullYear()}`);
    expect(within(footer).getByRole('link', { name: '下载APP' }).getAttribute('href')).toBe('#/downLoad');
  });

  describe('in a New York browser at 00:30 on New Year\'s Day in China', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllEnvs();
    });

    it("the copyright year is China's", () => {
      vi.stubEnv('TZ', 'America/New_York');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-31T16:30:00Z'));
      renderWithHost(<Footer />);
      expect(screen.getByRole('contentinfo').textContent).toContain('© 2027 体育直播');
    });
  });

  it.each([
    ['关于我们', '#/about'],
    ['联系我们', '#/contact'],
    ['用户协议', '#/terms'],
    ['隐私政策', '#/privacy'],
  ])('%s links to its page (%s), no in-development notice (issue 33)', (label, href) => {
    const { eventBus } = renderWithHost(<Footer />);
    const notices: unknown[] = [];
    eventBus.on('notice:inDevelopment', (event) => notices.push(event));
    const link = within(screen.getByRole('navigation', { name: '页脚链接' })).getByRole('link', { name: label });
    expect(link.getAttribute('href')).toBe(href);
    fireEvent.click(link);
    expect(notices).toEqual([]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the site's contact line and filing line (pages/siteInfo.ts), the name from the system config once loaded", () => {
    const { store } = renderWithHost(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('客服邮箱 service@sports-live.example');
    expect(screen.getByTestId('icp').textContent).toMatch(/ICP备/);
    act(() => store.set(systemConfigAtom, { ...TEST_SYSTEM_CONFIG, siteTitle: '球迷直播' }));
    expect(footer.textContent).toContain('球迷直播');
  });
});
