import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDropdown } from './useDropdown';

function Menu() {
  const { containerProps, toggleProps, menuProps } = useDropdown();
  return (
    <div {...containerProps}>
      <button {...toggleProps}>菜单</button>
      <ul {...menuProps}>
        <li role="menuitem">项</li>
      </ul>
    </div>
  );
}

const toggle = () => screen.getByRole('button', { name: '菜单' });

describe('useDropdown', () => {
  it('a click after a mouse hover-open keeps the menu open; the next click closes it', () => {
    render(<Menu />);
    fireEvent.pointerEnter(toggle().parentElement as HTMLElement, { pointerType: 'mouse' });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('without a hover, clicks toggle', () => {
    render(<Menu />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('a touch does not open on hover, so the tap opens it', () => {
    render(<Menu />);
    fireEvent.pointerEnter(toggle().parentElement as HTMLElement, { pointerType: 'touch' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });
});
