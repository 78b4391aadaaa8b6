import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Button } from './Button';
import { Popover } from './Popover';

function Harness({ sheetOnNarrow = false }: { sheetOnNarrow?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      <button type="button">别处</button>
      <Popover title="送礼物" testId="gift-popover" sheetOnNarrow={sheetOnNarrow} trigger={(props) => <Button {...props}>礼物</Button>}>
        <label>
          数量 <input type="number" defaultValue={1} />
        </label>
        <Button variant="primary">赠送</Button>
      </Popover>
    </ThemeProvider>
  );
}

/** A phone: every media query of the narrow layout matches. */
function stubNarrowScreen(): void {
  window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} })) as unknown as typeof window.matchMedia;
}

const ownMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = ownMatchMedia;
});

describe('Popover', () => {
  it('opens from its button as a dialog named by its title, says so on the button, and moves focus to its first control', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: '礼物' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: '送礼物' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
    expect(dialog.getAttribute('data-testid')).toBe('gift-popover');
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: '数量' }));
  });

  it('closes on Escape and gives focus back to its button', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: '礼物' });
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: '数量' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape when focus fell to the page from inside it (a button that disabled itself)', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: '礼物' });
    fireEvent.click(trigger);
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its close button, on a press outside, and when focus leaves it, but not on a press inside', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: '礼物' });
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.mouseDown(screen.getByRole('button', { name: '赠送' }));
    expect(screen.getByRole('dialog', { name: '送礼物' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('button', { name: '别处' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.blur(screen.getByRole('button', { name: '赠送' }), { relatedTarget: screen.getByRole('button', { name: '别处' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with keepMounted keeps what was typed while closed, hidden from everyone', () => {
    render(
      <ThemeProvider theme={theme}>
        <Popover title="弹幕" keepMounted trigger={(props) => <Button {...props}>弹幕</Button>}>
          <input aria-label="弹幕内容" />
        </Popover>
      </ThemeProvider>,
    );
    const trigger = screen.getByRole('button', { name: '弹幕' });
    fireEvent.click(trigger);
    fireEvent.change(screen.getByRole('textbox', { name: '弹幕内容' }), { target: { value: '好球' } });
    fireEvent.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '弹幕内容' })).toBeNull();
    fireEvent.click(trigger);
    expect((screen.getByRole('textbox', { name: '弹幕内容' }) as HTMLInputElement).value).toBe('好球');
  });

  it('stays a popover on a phone unless asked to become a sheet', () => {
    stubNarrowScreen();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '礼物' }));
    expect(screen.getByRole('dialog', { name: '送礼物' }).getAttribute('aria-modal')).toBeNull();
  });

  it('on a phone opens the same content as a modal bottom sheet that keeps focus inside and closes on the dim page', async () => {
    stubNarrowScreen();
    render(<Harness sheetOnNarrow />);
    const trigger = screen.getByRole('button', { name: '礼物' });
    trigger.focus();
    fireEvent.click(trigger);
    const sheet = screen.getByRole('dialog', { name: '送礼物' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.getAttribute('data-testid')).toBe('gift-popover');
    expect(document.body.style.overflow).toBe('hidden');
    // Tab from the last control wraps to the first (the close button), Shift+Tab back.
    const send = screen.getByRole('button', { name: '赠送' });
    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);

    const backdrop = sheet.parentElement as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(backdrop);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(trigger);
  });
});
