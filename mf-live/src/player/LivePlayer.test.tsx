import '../testing/setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@sports/shared';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { LivePlayer, type LivePlayerProps } from './LivePlayer';
import { PLAYER_BACKOFF, START_TIMEOUT_MS } from './useStreamPlayer';

const urls = { flv: '/live/room7.flv', hls: '/live/room7/index.m3u8' };

function renderPlayer(props: Partial<LivePlayerProps>) {
  const view = render(
    <ThemeProvider theme={theme}>
      <LivePlayer title="测试直播" urls={urls} streamLive capabilities={MSE_CAPABLE} {...props} />
    </ThemeProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: Partial<LivePlayerProps>) =>
      view.rerender(
        <ThemeProvider theme={theme}>
          <LivePlayer title="测试直播" urls={urls} streamLive capabilities={MSE_CAPABLE} {...props} {...next} />
        </ThemeProvider>,
      ),
  };
}

const state = () => screen.getByTestId('live-state');

afterEach(() => vi.useRealTimers());

describe('LivePlayer', () => {
  it('offline room: no engine is started and the page says so', () => {
    const fake = createFakeEngines();
    renderPlayer({ streamLive: false, engines: fake.engines });
    expect(state().textContent).toBe('未开播');
    expect(state().getAttribute('data-state')).toBe('offline');
    expect(fake.runs).toHaveLength(0);
    expect(screen.getByLabelText('测试直播 直播视频').tagName).toBe('VIDEO');
  });

  it('live room: plays HTTP-FLV, shows 直播中 on the first frame', async () => {
    const fake = createFakeEngines();
    renderPlayer({ engines: fake.engines });
    expect(state().getAttribute('data-state')).toBe('connecting');
    await waitFor(() => expect(fake.runs).toHaveLength(1));
    expect(fake.runs[0]).toMatchObject({ kind: 'flv', url: urls.flv });
    act(() => fake.runs[0]?.play());
    expect(state().textContent).toBe('直播中');
  });

  it('falls back to HLS when FLV cannot start', async () => {
    const fake = createFakeEngines(['flv']);
    renderPlayer({ engines: fake.engines });
    await waitFor(() => expect(fake.runs).toHaveLength(1));
    expect(fake.runs[0]).toMatchObject({ kind: 'hls', url: urls.hls });
  });

  it('stream ends: engine torn down, page reconnects with backoff and plays again when it returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = createFakeEngines();
    const dropped = vi.fn();
    renderPlayer({ engines: fake.engines, onStreamDropped: dropped });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    act(() => fake.runs[0]?.play());

    act(() => fake.runs[0]?.callbacks.onEnded());
    expect(fake.runs[0]?.destroyed).toBe(true);
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(state().getAttribute('data-state')).toBe('reconnecting');

    await act(async () => vi.advanceTimersByTime(PLAYER_BACKOFF.initialMs * 1.5));
    await vi.waitFor(() => expect(fake.runs).toHaveLength(2));
    act(() => fake.runs[1]?.play());
    expect(state().getAttribute('data-state')).toBe('playing');
  });

  it('an FLV stream that starts but never shows a frame gives way to HLS (no endless FLV retries)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = createFakeEngines();
    renderPlayer({ engines: fake.engines });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    const video = fake.runs[0]?.video as HTMLVideoElement;
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false }); // jsdom never plays
    await act(async () => vi.advanceTimersByTime(START_TIMEOUT_MS - 3_000));
    expect(fake.runs).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(6_000));
    await vi.waitFor(() => expect(fake.runs).toHaveLength(2));
    expect(fake.runs[0]?.destroyed).toBe(true);
    expect(fake.runs[1]).toMatchObject({ kind: 'hls', url: urls.hls });
    act(() => fake.runs[1]?.play());
    expect(state().getAttribute('data-state')).toBe('playing');
  });

  it('room goes offline: the engine is destroyed and offline is shown; unmount leaves no engine', async () => {
    const fake = createFakeEngines();
    const view = renderPlayer({ engines: fake.engines });
    await waitFor(() => expect(fake.runs).toHaveLength(1));
    view.rerenderWith({ streamLive: false });
    expect(fake.runs[0]?.destroyed).toBe(true);
    expect(state().getAttribute('data-state')).toBe('offline');

    view.rerenderWith({ streamLive: true });
    await waitFor(() => expect(fake.runs).toHaveLength(2));
    view.unmount();
    expect(fake.live()).toHaveLength(0);
  });

  it('a browser that can play nothing offered says so', () => {
    const fake = createFakeEngines();
    renderPlayer({ engines: fake.engines, urls: { flv: urls.flv, hls: null }, capabilities: { mse: false, nativeHls: false } });
    expect(state().getAttribute('data-state')).toBe('unsupported');
  });
});
