import '../testing/setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, theme, type PlatformEvents } from '@sports/shared';
import { createFakeEngines, MSE_CAPABLE } from '../testing/fakeEngines';
import { LivePlayer, type LivePlayerProps } from './LivePlayer';
import { DELAY_EVERY_MS } from './usePlayerDelayEvents';

const urls = { flv: '/live/room7.flv', hls: '/live/room7/index.m3u8' };

function setup(props: Partial<LivePlayerProps> = {}) {
  const fake = createFakeEngines();
  const eventBus = createEventBus();
  const events: { type: keyof PlatformEvents; payload: unknown }[] = [];
  eventBus.on('*', (type, payload) => events.push({ type, payload }));
  const view = render(
    <ThemeProvider theme={theme}>
      <LivePlayer title="测试直播" urls={urls} streamLive capabilities={MSE_CAPABLE} engines={fake.engines} roomId={7} matchId={42} eventBus={eventBus} {...props} />
    </ThemeProvider>,
  );
  return { fake, events, view };
}

afterEach(() => vi.useRealTimers());

describe('LivePlayer says its delay on the event bus', () => {
  it('about once a second while playing: player:delay with room, match and the engine delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fake, events } = setup();
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    const run = fake.runs[0];
    if (!run) throw new Error('no engine');
    act(() => run.play());
    // Not known yet (no clock tag came): nothing is said.
    await act(async () => vi.advanceTimersByTime(DELAY_EVERY_MS));
    expect(events).toEqual([]);

    run.delayMs = 380;
    await act(async () => vi.advanceTimersByTime(DELAY_EVERY_MS));
    run.delayMs = 350;
    await act(async () => vi.advanceTimersByTime(DELAY_EVERY_MS));
    expect(events).toEqual([
      { type: 'player:delay', payload: { roomId: 7, matchId: 42, delayMs: 380 } },
      { type: 'player:delay', payload: { roomId: 7, matchId: 42, delayMs: 350 } },
    ]);
    expect(screen.getByTestId('live-video-box').getAttribute('data-delay-ms')).toBe('350');
  });

  it('player:stopped when the stream drops and when the player leaves the page; none before playing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fake, events, view } = setup({ matchId: undefined });
    await vi.waitFor(() => expect(fake.runs).toHaveLength(1));
    const first = fake.runs[0];
    if (!first) throw new Error('no engine');
    first.delayMs = 300;
    act(() => first.play());
    await act(async () => vi.advanceTimersByTime(DELAY_EVERY_MS));
    act(() => first.callbacks.onEnded());
    expect(events.map((event) => event.type)).toEqual(['player:delay', 'player:stopped']);
    expect(events[1]?.payload).toEqual({ roomId: 7, matchId: null });

    // Reconnected and playing again, then the viewer leaves.
    await act(async () => vi.advanceTimersByTime(2_000));
    await vi.waitFor(() => expect(fake.runs).toHaveLength(2));
    const second = fake.runs[1];
    if (!second) throw new Error('no second engine');
    second.delayMs = 280;
    act(() => second.play());
    await act(async () => vi.advanceTimersByTime(DELAY_EVERY_MS));
    view.unmount();
    expect(events.map((event) => event.type)).toEqual(['player:delay', 'player:stopped', 'player:delay', 'player:stopped']);
  });

  it('without a room id or bus it says nothing (other players of the page)', async () => {
    const fake = createFakeEngines();
    render(
      <ThemeProvider theme={theme}>
        <LivePlayer title="测试直播" urls={urls} streamLive capabilities={MSE_CAPABLE} engines={fake.engines} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(fake.runs).toHaveLength(1));
    expect(screen.getByTestId('live-video-box').getAttribute('data-delay-ms')).toBeNull();
  });
});
