import { cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Pager } from './Pager';

afterEach(cleanup);
const render = (element: ReactElement) => renderBare(<ThemeProvider theme={theme}>{element}</ThemeProvider>);

describe('Pager', () => {
  it('is not there when everything fits on one page', () => {
    const { container } = render(<Pager page={1} total={20} pageSize={20} onPage={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('moves a page at a time and says where it is', () => {
    const pages: number[] = [];
    render(<Pager page={2} total={45} pageSize={20} onPage={(page) => pages.push(page)} />);
    expect(screen.getByRole('navigation', { name: '分页' }).textContent).toContain('第 2 / 3 页');
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(pages).toEqual([1, 3]);
  });

  it('can go back from a page past the end (the list shrank)', () => {
    render(<Pager page={2} total={3} pageSize={20} onPage={() => undefined} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
