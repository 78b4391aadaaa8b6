import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { Tabs } from './Tabs';

afterEach(cleanup);

const ITEMS = [
  { key: 'week', label: '周榜' },
  { key: 'month', label: '月榜' },
  { key: 'all', label: '总榜' },
] as const;

type Period = (typeof ITEMS)[number]['key'];

function Harness({ scrollable = false }: { scrollable?: boolean }) {
  const [selected, setSelected] = useState<Period>('week');
  return (
    <ThemeProvider theme={theme}>
      <Tabs label="排行周期" items={ITEMS} selected={selected} onSelect={setSelected} scrollable={scrollable}>
        <p>panel {selected}</p>
      </Tabs>
    </ThemeProvider>
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('is a labelled tablist whose selected tab is the one tab stop and labels the panel', () => {
    render(<Harness />);
    screen.getByRole('tablist', { name: '排行周期' });
    const week = screen.getByRole('tab', { name: '周榜' });
    expect(week.getAttribute('aria-selected')).toBe('true');
    expect(week.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: '月榜' }).tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: '周榜' });
    expect(week.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('panel week');
  });

  it('selects a tab on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: '总榜' }));
    expect(selectedTab()?.textContent).toBe('总榜');
    expect(screen.getByRole('tabpanel', { name: '总榜' }).textContent).toBe('panel all');
  });

  it('moves with the arrow keys (wrapping), Home and End, and focuses the new tab', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedTab()?.textContent).toBe('月榜');
    expect(document.activeElement).toBe(selectedTab());
    fireEvent.keyDown(list, { key: 'End' });
    expect(selectedTab()?.textContent).toBe('总榜');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selectedTab()?.textContent).toBe('周榜');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selectedTab()?.textContent).toBe('总榜');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selectedTab()?.textContent).toBe('周榜');
    expect(document.activeElement).toBe(selectedTab());
    fireEvent.keyDown(list, { key: 'a' });
    expect(selectedTab()?.textContent).toBe('周榜');
  });

  it('wraps by default; scrollable: one line that scrolls sideways, the selected tab scrolled into view (issue 33)', () => {
    const { unmount } = render(<Harness />);
    expect(getComputedStyle(screen.getByRole('tablist')).flexWrap).toBe('wrap');
    unmount();
    const scrolled = vi.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      render(<Harness scrollable />);
      const list = screen.getByRole('tablist');
      const style = getComputedStyle(list);
      expect([style.flexWrap, style.overflowX]).toEqual(['nowrap', 'auto']);
      expect(getComputedStyle(screen.getByRole('tab', { name: '月榜' })).whiteSpace).toBe('nowrap');
      fireEvent.click(screen.getByRole('tab', { name: '总榜' }));
      expect(scrolled.mock.contexts.at(-1)).toBe(screen.getByRole('tab', { name: '总榜' }));
      expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest', inline: 'nearest' });
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });
});
