import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, SystemConfig } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { onFanAlert } from '../goals/fanAlerts';
import { sampleFanAlert } from '../goals/testing/sampleFanAlert';
import { startUnreadPush } from './unreadPush';

const TENCENT = { provider: 'tencent', sdkAppId: 1400000000 } as unknown as SystemConfig['im'];
const alert = (id: number) => sampleFanAlert({ id });

beforeEach(() => FakeLiveSocket.install());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('with Tencent IM the page holds the alert socket (no site chat)', () => {
  it('alerts reach the popups and count their 赛事 message once; unread notices and reconnections read the count; lost, it comes back; stopped, it stays closed', () => {
    vi.useFakeTimers();
    const api = { envelope: vi.fn() } as unknown as ApiClient;
    const onNotice = vi.fn();
    const onAlertMessage = vi.fn();
    const shown: number[] = [];
    const off = onFanAlert((fan) => shown.push(fan.id));
    const stop = startUnreadPush(api, TENCENT, { onNotice, onAlertMessage });

    const socket = FakeLiveSocket.latest();
    expect(new URL(socket.url).pathname).toBe('/ws/alerts');
    expect(new URL(socket.url).protocol).toMatch(/^wss?:$/);
    expect(api.envelope).not.toHaveBeenCalled(); // no chat signature: the session cookie signs the socket in
    socket.open();
    expect(onNotice).toHaveBeenCalledTimes(1);

    socket.receive({ type: 'alert', alert: alert(910_001) });
    socket.receive({ type: 'alert', alert: alert(910_001) });
    expect(shown).toEqual([910_001]);
    expect(onAlertMessage).toHaveBeenCalledTimes(1);
    socket.receive({ type: 'unread' });
    expect(onNotice).toHaveBeenCalledTimes(2);
    socket.onmessage?.({ data: 'not json' });
    expect(onNotice).toHaveBeenCalledTimes(2);
    expect(socket.sent).toEqual([]);

    socket.serverClose(1006);
    expect(FakeLiveSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeLiveSocket.instances).toHaveLength(2);
    FakeLiveSocket.latest().open();
    expect(onNotice).toHaveBeenCalledTimes(3);

    stop();
    expect(FakeLiveSocket.latest().readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeLiveSocket.instances).toHaveLength(2);
    off();
  });
});
