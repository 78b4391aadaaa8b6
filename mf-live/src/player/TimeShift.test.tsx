import '../testing/setup';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, theme, type RoomDvr } from '@sports/shared';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { LivePlayer, type LivePlayerProps } from './LivePlayer';
import type { StartEngine } from './engines';
import { spanText } from './TimeShiftBar';

const urls = { flv: '/live/room7.flv', hls: '/live/room7/index.m3u8' };
const NOW = Date.parse('2026-12-06T12:00:00.000Z');
/** A window of 10 minutes; a goal 4 minutes in. */
const DVR: RoomDvr = {
  playlist_url: '/live/room7/dvr.m3u8',
  window_start_at: new Date(NOW - 600_000).toISOString(),
  markers: [{ at_ms: 240_000, kind: 'goal', label: "23' 进球 阿森纳 1-0", clip_id: 41 }],
};

function fakeDvrEngine() {
  const runs: { url: string; destroyed: boolean; video: HTMLVideoElement }[] = [];
  const engine: StartEngine = async (video, url) => {
    const run = { url, destroyed: false, video };
    runs.push(run);
    return { destroy: () => void (run.destroyed = true) };
  };
  return { engine, runs, live: () => runs.filter((run) => !run.destroyed) };
}

function renderPlayer(props: Partial<LivePlayerProps>) {
  return render(
    <ThemeProvider theme={theme}>
      <LivePlayer title="测试直播" urls={urls} streamLive capabilities={MSE_CAPABLE} {...props} />
    </ThemeProvider>,
  );
}

// jsdom has no media playback: play() resolves and does nothing.
beforeEach(() => void vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('回看 (time-shift over the DVR window)', () => {
  it('no dvr: no 回看 bar', () => {
    renderPlayer({ engines: createFakeEngines().engines });
    expect(screen.queryByRole('group', { name: '回看' })).toBeNull();
  });

  it('后退60秒 leaves the live stream for the DVR playlist at 60 s behind; 回到直播 plays live again (FLV)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const live = createFakeEngines();
    const dvr = fakeDvrEngine();
    renderPlayer({ engines: live.engines, dvr: DVR, dvrEngine: dvr.engine });
    await waitFor(() => expect(live.runs).toHaveLength(1));
    act(() => live.runs[0]?.play());
    const bar = screen.getByRole('group', { name: '回看' });
    const slider = within(bar).getByRole('slider', { name: '回看' });
    expect(slider.getAttribute('aria-valuetext')).toBe('直播中');
    expect(within(bar).queryByRole('button', { name: '回到直播' })).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: '后退60秒' }));
    await waitFor(() => expect(dvr.live().map((run) => run.url)).toEqual(['/live/room7/dvr.m3u8']));
    expect(live.live()).toHaveLength(0);
    const video = screen.getByTestId('live-video') as HTMLVideoElement;
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video.currentTime).toBe(540);
    expect(screen.getByTestId('live-state').textContent).toBe('回看中');
    expect(screen.queryByTestId('live-curtain')).toBeNull();
    act(() => {
      video.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('直播前 1分00秒');

    fireEvent.click(screen.getByRole('button', { name: '回到直播' }));
    await waitFor(() => expect(dvr.live()).toHaveLength(0));
    await waitFor(() => expect(live.live()).toHaveLength(1));
    expect(live.live()[0]).toMatchObject({ kind: 'flv', url: urls.flv });
  });

  it('the match’s events are buttons on the bar: 跳到 <label> seeks there; the slider seeks too, and near the edge returns to live', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const live = createFakeEngines();
    const dvr = fakeDvrEngine();
    renderPlayer({ engines: live.engines, dvr: DVR, dvrEngine: dvr.engine });
    await waitFor(() => expect(live.runs).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: "跳到 23' 进球 阿森纳 1-0" }));
    await waitFor(() => expect(dvr.live()).toHaveLength(1));
    const video = screen.getByTestId('live-video') as HTMLVideoElement;
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video.currentTime).toBe(240);
    // Already behind: a seek moves within the same playlist.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '300' } });
    expect(video.currentTime).toBe(300);
    expect(dvr.runs).toHaveLength(1);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '598' } });
    await waitFor(() => expect(dvr.live()).toHaveLength(0));
    expect(screen.queryByRole('button', { name: '回到直播' })).toBeNull();
  });

  it('spoiler-free: behind the live moment the player says the time-shift’s delay', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const bus = createEventBus();
    const delays: number[] = [];
    bus.on('player:delay', (event) => delays.push(event.delayMs));
    const live = createFakeEngines();
    const dvr = fakeDvrEngine();
    renderPlayer({ engines: live.engines, dvr: DVR, dvrEngine: dvr.engine, eventBus: bus, roomId: 7, matchId: 900 });
    await waitFor(() => expect(live.runs).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '后退60秒' }));
    await waitFor(() => expect(dvr.live()).toHaveLength(1));
    const video = screen.getByTestId('live-video') as HTMLVideoElement;
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(delays.at(-1)).toBe(61_000);
  });

  it('says spans as people do', () => {
    expect(spanText(60_000)).toBe('1分00秒');
    expect(spanText(3_720_000)).toBe('1小时02分');
  });
});
