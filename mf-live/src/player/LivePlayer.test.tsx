import '../testing/setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@sports/shared';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { LivePlayer, type LivePlayerProps } from './LivePlayer';
import type { StartEngine } from './engines';
import { MAX_FAILED_ROUNDS, PLAYER_BACKOFF, START_TIMEOUT_MS } from './useStreamPlayer';

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

/** Issue 33: the room's state drives the player; a player that keeps failing stops asking. */
describe('LivePlayer and the room state', () => {
  it('the push drops (paused): the engine stops at once, 主播暂时离开 over the picture, no more requests; live again: plays by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = createFakeEngines();
    const view = renderPlayer({ engines: fake.engines, roomState: 'live' });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    act(() => fake.runs[0]?.play());

    view.rerenderWith({ streamLive: false, roomState: 'paused' });
    expect(fake.runs[0]?.destroyed).toBe(true);
    expect(state().textContent).toBe('主播暂时离开');
    expect(state().getAttribute('data-state')).toBe('paused');
    expect(screen.getByTestId('live-curtain').textContent).toBe('主播暂时离开，回来后自动播放');
    // However long it stays away, the player asks for nothing.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fake.runs).toHaveLength(1);

    view.rerenderWith({ streamLive: true, roomState: 'live' });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(2));
    act(() => fake.runs[1]?.play());
    expect(state().textContent).toBe('直播中');
  });

  it('the anchor ended the room: 直播已结束, no engine', async () => {
    const fake = createFakeEngines();
    const view = renderPlayer({ engines: fake.engines, streamLive: false, roomState: 'paused' });
    expect(state().textContent).toBe('主播暂时离开');
    view.rerenderWith({ roomState: 'ended' });
    expect(state().textContent).toBe('直播已结束');
    expect(state().getAttribute('data-state')).toBe('ended');
    expect(fake.runs).toHaveLength(0);
  });

  it("not live with a last replay: the notice links it (看上一场回放 → the replay page); none while live or without one", async () => {
    const fake = createFakeEngines();
    const lastReplay = { replay_id: 42, title: '德比之夜', duration_ms: 3_600_000 };
    const view = renderPlayer({ engines: fake.engines, streamLive: false, roomState: 'ended', lastReplay });
    const link = screen.getByRole('link', { name: '看上一场回放' });
    expect(link.getAttribute('href')).toBe('#/clip?replay=42');
    expect(screen.getByTestId('live-curtain').textContent).toBe('直播已结束看上一场回放');
    view.rerenderWith({ roomState: 'paused' });
    expect(screen.getByRole('link', { name: '看上一场回放' })).toBeTruthy();
    view.rerenderWith({ roomState: 'ended', lastReplay: null });
    expect(screen.queryByRole('link', { name: '看上一场回放' })).toBeNull();
    view.rerenderWith({ streamLive: true, roomState: 'live' });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    act(() => fake.runs[0]?.play());
    expect(screen.queryByTestId('live-last-replay')).toBeNull();
  });

  it('404s or network errors every time: backs off, then stops asking (直播信号中断); 重新连接 tries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests: string[] = [];
    const failing: StartEngine = async (_video, url) => {
      requests.push(url);
      throw new Error('404');
    };
    const dropped = vi.fn();
    renderPlayer({ engines: { flv: failing, hls: failing, 'native-hls': failing }, onStreamDropped: dropped });
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(state().getAttribute('data-state')).toBe('stopped');
    expect(state().textContent).toBe('直播信号中断');
    // FLV then HLS per round, MAX_FAILED_ROUNDS rounds, then nothing more.
    expect(requests).toHaveLength(MAX_FAILED_ROUNDS * 2);
    expect(dropped).toHaveBeenCalledTimes(MAX_FAILED_ROUNDS);
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(requests).toHaveLength(MAX_FAILED_ROUNDS * 2);

    fireEvent.click(screen.getByRole('button', { name: '重新连接' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(requests.length).toBeGreaterThan(MAX_FAILED_ROUNDS * 2);
  });
});
