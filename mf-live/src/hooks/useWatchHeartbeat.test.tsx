import '../testing/setup';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type RemoteContext } from '@sports/shared';
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
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.unstubAllGlobals();
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

describe('the tab-close beat as a beacon', () => {
  /** navigator.sendBeacon, recorded: the URL, the Blob's type and the JSON it holds (the Blob is recorded too: jsdom's cannot be read under fake timers). */
  function stubBeacon(queued = true) {
    const sent: { url: string; type: string; body: unknown }[] = [];
    class RecordedBlob {
      constructor(
        readonly parts: string[],
        readonly options: { type?: string } = {},
      ) {}
      get type() {
        return this.options.type ?? '';
      }
    }
    vi.stubGlobal('Blob', RecordedBlob);
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: vi.fn((url: string, data: RecordedBlob) => {
        sent.push({ url, type: data.type, body: JSON.parse(data.parts.join('')) as unknown });
        return queued;
      }),
    });
    return sent;
  }
  /** The fake API of the room, with the real client's beacon (navigator.sendBeacon under the base address). */
  function beaconContext() {
    let issued = 0;
    const ctx = liveContext({
      [LIVE_PATHS.watchRecord]: (params: unknown) => ({ ...(params as object), counted_seconds: 60, today_seconds: 60, beacon_token: `token-${++issued}` }),
    });
    const real = createApiClient({ baseURL: '/', eventBus: ctx.eventBus, store: ctx.store });
    ctx.api.beacon = real.beacon;
    return ctx;
  }
  const pageHide = () => act(() => void window.dispatchEvent(new Event('pagehide')));

  it('on pagehide: sendBeacon with the time watched and the token of the last answer', async () => {
    const sent = stubBeacon();
    const ctx = beaconContext();
    render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(2 * WATCH_HEARTBEAT_INTERVAL_MS)));
    expect(beats(ctx)).toHaveLength(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(12_300)));
    pageHide();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/User/watchRecord');
    expect(sent[0]?.type).toBe('application/json');
    expect(sent[0]?.body).toEqual({ room_id: 7, seconds: 12, beacon_token: 'token-2' });
    // Not also as a normal call, and nothing more once gone.
    expect(beats(ctx)).toHaveLength(2);
    pageHide();
    expect(sent).toHaveLength(1);
  });

  it('on visibilitychange to hidden too (a tab closing fires it first); back visible, the beats resume as calls', async () => {
    const sent = stubBeacon();
    const ctx = beaconContext();
    render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS + 5_000)));
    setVisibility('hidden');
    expect(sent[0]?.body).toEqual({ room_id: 7, seconds: 5, beacon_token: 'token-1' });
    pageHide();
    expect(sent).toHaveLength(1);
    setVisibility('visible');
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS)));
    expect(beats(ctx)).toHaveLength(2);
  });

  it('a normal call instead: no token yet, a token too old, no beacon, a beacon not queued, or leaving the room in the page', async () => {
    // No answer yet: no token.
    let sent = stubBeacon();
    let ctx = beaconContext();
    let view = render(<Watcher context={ctx} roomId={7} enabled />);
    act(() => void vi.advanceTimersByTime(20_000));
    pageHide();
    expect(sent).toEqual([]);
    expect(beats(ctx)).toEqual([{ room_id: 7, seconds: 20 }]);
    view.unmount();

    // A token older than its life (less a margin): the server would refuse it.
    sent = stubBeacon();
    ctx = beaconContext();
    view = render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS + 2_000)));
    setVisibility('hidden');
    expect(sent).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(10 * WATCH_HEARTBEAT_INTERVAL_MS));
    setVisibility('visible');
    act(() => void vi.advanceTimersByTime(15_000));
    pageHide();
    expect(sent).toHaveLength(1);
    expect(beats(ctx).at(-1)).toEqual({ room_id: 7, seconds: 15 });
    view.unmount();

    // The browser would not queue it.
    sent = stubBeacon(false);
    ctx = beaconContext();
    view = render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS + 3_000)));
    pageHide();
    expect(sent).toHaveLength(1);
    expect(beats(ctx).at(-1)).toEqual({ room_id: 7, seconds: 3 });
    view.unmount();

    // Leaving the room inside the page: the page goes on, a normal call.
    sent = stubBeacon();
    ctx = beaconContext();
    view = render(<Watcher context={ctx} roomId={7} enabled />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(WATCH_HEARTBEAT_INTERVAL_MS + 4_000)));
    view.unmount();
    expect(sent).toEqual([]);
    expect(beats(ctx).at(-1)).toEqual({ room_id: 7, seconds: 4 });
  });
});
