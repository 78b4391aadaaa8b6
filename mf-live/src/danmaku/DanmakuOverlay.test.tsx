import '../testing/setup';
import { act, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DANMAKU, theme, type DanmakuSetting } from '@sports/shared';
import { DanmakuOverlay, type DanmakuItem } from './DanmakuOverlay';
import { DanmakuLanes } from './danmakuLanes';
import { laneCount, normalizeDanmakuSetting } from './danmakuLevels';

function renderOverlay(setting: DanmakuSetting, items: DanmakuItem[]) {
  const view = render(
    <ThemeProvider theme={theme}>
      <DanmakuOverlay setting={setting} items={items} />
    </ThemeProvider>,
  );
  return {
    update: (nextSetting: DanmakuSetting, nextItems: DanmakuItem[]) =>
      view.rerender(
        <ThemeProvider theme={theme}>
          <DanmakuOverlay setting={nextSetting} items={nextItems} />
        </ThemeProvider>,
      ),
  };
}

const item = (id: string, text: string): DanmakuItem => ({ id, text, mine: false });

describe('danmaku overlay', () => {
  it('SPEC defaults: top three quarters, 20 px, fully opaque; new danmaku fly, history does not', () => {
    const view = renderOverlay(DEFAULT_DANMAKU, [item('old', '之前的')]);
    const layer = screen.getByTestId('danmaku-layer');
    expect(layer.style.height).toBe('75%');
    expect(layer.style.fontSize).toBe('20px');
    expect(layer.style.opacity).toBe('1');
    expect(layer.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByText('之前的')).toBeNull();

    act(() => view.update(DEFAULT_DANMAKU, [item('old', '之前的'), item('new', '好球！')]));
    expect(within(layer).getByText('好球！')).toBeTruthy();
  });

  it('area, size and opacity settings change the layer; show false hides it', () => {
    const view = renderOverlay({ show: true, area: 1, size: 3, opacity: 40 }, []);
    const layer = screen.getByTestId('danmaku-layer');
    expect(layer.style.height).toBe('25%');
    expect(layer.style.fontSize).toBe('26px');
    expect(layer.style.opacity).toBe('0.4');
    act(() => view.update({ show: false, area: 1, size: 3, opacity: 40 }, [item('a', '看不见')]));
    expect(screen.queryByTestId('danmaku-layer')).toBeNull();
  });

  it("a member's danmaku carries the level badge LV<n> (text, not only colour); one without a level has none", () => {
    const view = renderOverlay(DEFAULT_DANMAKU, []);
    act(() => view.update(DEFAULT_DANMAKU, [{ ...item('m', '主队加油'), level: 7 }, item('g', '路过')]));
    const [member, guest] = screen.getAllByTestId('danmaku-item');
    const badge = within(member as HTMLElement).getByTestId('level-badge');
    expect(badge.textContent).toBe('LV7');
    expect(badge.getAttribute('title')).toBe('等级 7');
    expect(member?.textContent).toBe('LV7主队加油');
    expect(within(guest as HTMLElement).queryByTestId('level-badge')).toBeNull();
    expect(guest?.textContent).toBe('路过');
  });

  it('text is inert: markup shows as text, no element is made from it', () => {
    const view = renderOverlay(DEFAULT_DANMAKU, []);
    const attack = '<img src=x onerror="alert(1)"><b>粗</b>';
    act(() => view.update(DEFAULT_DANMAKU, [item('x', attack)]));
    const flying = screen.getByTestId('danmaku-item');
    expect(flying.textContent).toBe(attack);
    expect(flying.querySelector('img, b')).toBeNull();
  });
});

describe('danmaku levels and lanes', () => {
  it('bad saved values fall back to the SPEC defaults; opacity is clamped', () => {
    expect(normalizeDanmakuSetting({ show: 'yes' as unknown as boolean, area: 9, size: 0, opacity: 500 })).toEqual({ show: true, area: 3, size: 2, opacity: 100 });
    expect(normalizeDanmakuSetting({ opacity: -3 }).opacity).toBe(10);
  });

  it('more area or smaller text: more lanes', () => {
    expect(laneCount(360, { ...DEFAULT_DANMAKU, area: 4 })).toBeGreaterThan(laneCount(360, { ...DEFAULT_DANMAKU, area: 1 }));
    expect(laneCount(360, { ...DEFAULT_DANMAKU, size: 1 })).toBeGreaterThan(laneCount(360, { ...DEFAULT_DANMAKU, size: 3 }));
  });

  it('a busy lane is skipped; when all are busy the one free soonest is reused', () => {
    const lanes = new DanmakuLanes();
    lanes.resize(2);
    expect(lanes.assign(0, 1000)).toBe(0);
    expect(lanes.assign(0, 500)).toBe(1);
    expect(lanes.assign(100, 100)).toBe(1);
    expect(lanes.assign(1200, 100)).toBe(0);
  });
});
