import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Button, IconButton } from './Button';

describe('Button', () => {
  it('does not submit its form unless told to', () => {
    let submitted = 0;
    render(
      <ThemeProvider theme={theme}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted += 1;
          }}
        >
          <Button>取消</Button>
          <Button type="submit" variant="primary">
            发送
          </Button>
        </form>
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(submitted).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(submitted).toBe(1);
  });

  it('an icon button is named by its label (tooltip too) and its icon is hidden from screen readers', () => {
    render(
      <ThemeProvider theme={theme}>
        <IconButton label="送礼物" icon="🎁" text="礼物" />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: '送礼物' });
    expect(button.getAttribute('title')).toBe('送礼物');
    expect(button.textContent).toBe('🎁礼物');
    expect([...button.querySelectorAll('[aria-hidden="true"]')].map((node) => node.textContent)).toEqual(['🎁', '礼物']);
  });
});
