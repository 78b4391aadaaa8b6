import '../testing/setup';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteContext } from '@sports/shared';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext } from '../testing/fixtures';
import { useWatchHeartbeat, WATCH_HEARTBEAT_INTERVAL_MS } from './useWatchHeartbeat';

function Watcher({ context, roomId, enabled }: { context: RemoteContext; roomId: number; enabled: boolean }) {
  useWatchHeartbeat(context.api, roomId, enabled);
  return null;
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00.000Z') });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

function context() {
  return liveContext({ [LIVE_PATHS.watchRecord]: (params: unknown) => ({ ...(params as object), counted_seconds: 60, today_seconds: 60 }) });
}
const beats = (ctx: ReturnType<typeof context>) => ctx.callsTo(LIVE_PATHS.watchRecord).map((call) => call.params);

describe('watch heartbeat', () => {
  it('a member: one beat of 60 s every minute while visible, a final beat of the rest on leaving', () => {
    const ctx = context();
    const view = render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(WATCH_HEARTBEAT_INTERVAL_MS - 1));
    expect(beats(ctx)).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 60 }]);
    act(() => void vi.advanceTimersByTime(WATCH_HEARTBEAT_INTERVAL_MS));
    expect(beats(ctx)).toHaveLength(2);

    act(() => void vi.advanceTimersByTime(25_400));
    view.unmount();
    // 25.4 s watched since the last beat: 25 whole seconds (the rest is under a second).
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 60 }, { room_id: 7, seconds: 60 }, { room_id: 7, seconds: 25 }]);
    act(() => void vi.advanceTimersByTime(5 * WATCH_HEARTBEAT_INTERVAL_MS));
    expect(beats(ctx)).toHaveLength(3);
  });

  it('hiding the tab sends the time watched so far, then nothing while hidden; visible again counts from then', () => {
    const ctx = context();
    render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(20_000));
    setVisibility('hidden');
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 20 }]);

    act(() => void vi.advanceTimersByTime(10 * WATCH_HEARTBEAT_INTERVAL_MS));
    expect(beats(ctx)).toHaveLength(1);

    setVisibility('visible');
    act(() => void vi.advanceTimersByTime(WATCH_HEARTBEAT_INTERVAL_MS));
    // A full minute after coming back, not the ten hidden minutes.
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 20 }, { room_id: 7, seconds: 60 }]);
  });

  it('a page opened hidden sends nothing until it is shown', () => {
    visibility = 'hidden';
    const ctx = context();
    const view = render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(3 * WATCH_HEARTBEAT_INTERVAL_MS));
    view.unmount();
    expect(beats(ctx)).toEqual([]);
  });

  it('under a second watched sends no beat (the server takes 1-300 s)', () => {
    const ctx = context();
    const view = render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(900));
    setVisibility('hidden');
    view.unmount();
    expect(beats(ctx)).toEqual([]);
  });

  it('a guest (not enabled) sends nothing, visible or not', () => {
    const ctx = context();
    const view = render(<Watcher context={ctx} roomId={7} enabled={false} />);
    act(() => void vi.advanceTimersByTime(3 * WATCH_HEARTBEAT_INTERVAL_MS));
    setVisibility('hidden');
    view.unmount();
    expect(ctx.calls).toEqual([]);
  });

  it('logging out ends the watch with a final beat; another room starts its own count', () => {
    const ctx = context();
    const view = render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(30_000));
    view.rerender(<Watcher context={ctx} roomId={8} enabled />);
    act(() => void vi.advanceTimersByTime(WATCH_HEARTBEAT_INTERVAL_MS));
    view.rerender(<Watcher context={ctx} roomId={8} enabled={false} />);
    act(() => void vi.advanceTimersByTime(WATCH_HEARTBEAT_INTERVAL_MS));
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 30 }, { room_id: 8, seconds: 60 }]);
  });

  it('a failed beat is swallowed and the next one still goes', async () => {
    let fail = true;
    const ctx = liveContext({
      [LIVE_PATHS.watchRecord]: () => (fail ? new Error('network') : { room_id: 7, counted_seconds: 60, today_seconds: 120 }),
    });
    render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS)));
    fail = false;
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS)));
    expect(ctx.callsTo(LIVE_PATHS.watchRecord)).toHaveLength(2);
  });
});
