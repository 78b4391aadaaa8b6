import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { MediaThumbCard, MediaThumbList } from './MediaThumb';

function renderList(children: ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <MediaThumbList aria-label="进球集锦">{children}</MediaThumbList>
    </ThemeProvider>,
  );
}

describe('MediaThumbCard', () => {
  it('a watchable video is one link named by its title (or its label), its tag hidden from screen readers', () => {
    renderList(
      <>
        <MediaThumbCard href="#/clip?id=7" thumbUrl="/media/clips/7.jpg" title="进球！曼城 2-1 阿森纳 67'" tag="进球" cardProps={{ 'data-clip-id': 7 }} linkTestId="goal-clip" />
        <MediaThumbCard href="#/clip?replay=3" title="周末英超" label="看回放：周末英超" meta={<span>45分钟</span>} />
      </>,
    );
    const list = screen.getByRole('list', { name: '进球集锦' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.getAttribute('data-clip-id')).toBe('7');
    const clip = screen.getByRole('link', { name: "进球！曼城 2-1 阿森纳 67'" });
    expect(clip.getAttribute('href')).toBe('#/clip?id=7');
    expect(clip.getAttribute('data-testid')).toBe('goal-clip');
    expect(within(clip).getByText('进球').getAttribute('aria-hidden')).toBe('true');
    expect(clip.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link', { name: '看回放：周末英超' }).getAttribute('href')).toBe('#/clip?replay=3');
    expect(screen.getByText('45分钟')).toBeTruthy();
  });

  it('a video that cannot be watched yet is shown without a link', () => {
    renderList(<MediaThumbCard title="录制中的直播" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('录制中的直播')).toBeTruthy();
  });
});
