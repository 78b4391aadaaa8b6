import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Switch } from './Switch';

afterEach(cleanup);

function Harness({ changes }: { changes: boolean[] }) {
  const [checked, setChecked] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <Switch
        label="显示弹幕"
        checked={checked}
        onChange={(next) => {
          changes.push(next);
          setChecked(next);
        }}
      />
    </ThemeProvider>
  );
}

describe('Switch', () => {
  it('is a switch labelled by its text that toggles its checked state', () => {
    const changes: boolean[] = [];
    render(<Harness changes={changes} />);
    const control = screen.getByRole('switch', { name: '显示弹幕', checked: false });
    fireEvent.click(control);
    expect(screen.getByRole('switch', { name: '显示弹幕', checked: true })).toBe(control);
    fireEvent.click(screen.getByText('显示弹幕'));
    expect(screen.getByRole('switch', { name: '显示弹幕', checked: false })).toBe(control);
    expect(changes).toEqual([true, false]);
  });
});
