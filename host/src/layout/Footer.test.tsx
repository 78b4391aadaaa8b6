import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';
import { renderWithHost } from './testing/renderWithHost';

describe('Footer', () => {
  it('shows the site name, the copyright and a download link', () => {
    renderWithHost(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('体育直播');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: '下载APP' }).getAttribute('href')).toBe('#/downLoad');
  });

  it.each(['关于我们', '联系我们', '用户协议'])('%s asks for the in-development notice', (label) => {
    const { eventBus } = renderWithHost(<Footer />);
    const notices: unknown[] = [];
    eventBus.on('notice:inDevelopment', (event) => notices.push(event));
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(notices).toEqual([{ feature: label }]);
  });
});
