import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { RemotePageFrame } from './RemotePageFrame';

afterEach(cleanup);

describe('RemotePageFrame', () => {
  it('marks the page with its remote and route and gives it one h1 and the aside', () => {
    render(
      <ThemeProvider theme={theme}>
        <RemotePageFrame remote="mf-live" page="rank" title="排行榜" aside={<span>实时更新中</span>}>
          <p>body</p>
        </RemotePageFrame>
      </ThemeProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: '排行榜' });
    const frame = heading.closest('[data-remote]');
    expect(frame?.getAttribute('data-remote')).toBe('mf-live');
    expect(frame?.getAttribute('data-page')).toBe('rank');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(frame?.textContent).toContain('实时更新中');
    expect(frame?.textContent).toContain('body');
  });
});
