import '../testing/setup';
import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DANMAKU, theme, type ChatGroupMessage } from '@sports/shared';
import { DanmakuOverlay, type DanmakuItem } from '../danmaku/DanmakuOverlay';
import { danmakuLookOf } from './danmakuStyle';

const message = (cloudCustomData: ChatGroupMessage['cloudCustomData']) => ({ cloudCustomData });

describe('styled danmaku', () => {
  it("a message's style is its look; none, or a colour that is not #rrggbb, is the default", () => {
    expect(danmakuLookOf(message({ type: 0, style: { styleId: 4, color: '#ffd700', position: 'top' } }))).toEqual({ color: '#ffd700', position: 'top' });
    expect(danmakuLookOf(message({ type: 0 }))).toBeNull();
    expect(danmakuLookOf(message({ type: 0, style: { styleId: 4, color: 'red;background:url(x)', position: 'scroll' } }))).toBeNull();
  });

  it('flies in its colour; top and bottom ones stay in place at their edge', () => {
    const items: DanmakuItem[] = [];
    const view = render(
      <ThemeProvider theme={theme}>
        <DanmakuOverlay setting={DEFAULT_DANMAKU} items={items} />
      </ThemeProvider>,
    );
    const next: DanmakuItem[] = [
      { id: 'a', text: '金色置顶', mine: false, color: '#ffd700', position: 'top' },
      { id: 'b', text: '紫色置底', mine: false, color: '#b37feb', position: 'bottom' },
      { id: 'c', text: '普通弹幕', mine: false },
    ];
    act(() =>
      view.rerender(
        <ThemeProvider theme={theme}>
          <DanmakuOverlay setting={DEFAULT_DANMAKU} items={next} />
        </ThemeProvider>,
      ),
    );
    const top = screen.getByText('金色置顶');
    expect(top.getAttribute('data-position')).toBe('top');
    expect(top.style.color).toBe('rgb(255, 215, 0)');
    expect(top.style.top).toBe('0px');
    const bottom = screen.getByText('紫色置底');
    expect(bottom.getAttribute('data-position')).toBe('bottom');
    expect(bottom.style.bottom).not.toBe('');
    expect(bottom.style.top).toBe('');
    const plain = screen.getByText('普通弹幕');
    expect(plain.getAttribute('data-position')).toBe('scroll');
    expect(plain.style.color).toBe('');
  });
});
