import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './Footer';
import { renderWithHost } from './testing/renderWithHost';

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

  it.each(['关于我们', '联系我们', '用户协议'])('%s asks for the in-development notice', (label) => {
    const { eventBus } = renderWithHost(<Footer />);
    const notices: unknown[] = [];
    eventBus.on('notice:inDevelopment', (event) => notices.push(event));
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(notices).toEqual([{ feature: label }]);
  });
});
