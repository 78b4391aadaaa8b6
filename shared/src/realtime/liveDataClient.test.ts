import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveDataClient } from './liveDataClient';
import type { LiveDataFrame } from './liveDataFrames';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';

const goal = (seq: number): LiveDataFrame => ({ code: 100, type: 'goal', seq, data: { match_id: 1, iszhu: 1, match_str: "12'", home_team_name_zh: '甲', away_team_name_zh: '乙', home_score: 1, away_score: 0 } });
const match = (seq: number): LiveDataFrame => ({ code: 100, type: 'football_match', seq, data: [] });

describe('createLiveDataClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeLiveSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = (options: Partial<Parameters<typeof createLiveDataClient>[0]> = {}) => {
    const received: LiveDataFrame[] = [];
    const client = createLiveDataClient({
      url: 'ws://server/ws/live-data',
      companyId: 3,
      modeFlag: 1,
      onMessage: (frame) => received.push(frame),
      WebSocket: FakeLiveSocket,
      random: () => 0.5,
      ...options,
    });
    return { client, received };
  };

  it('registers, toggles and classifies on open (mode flag 1 -> classify 0, else 1)', () => {
    start();
    FakeLiveSocket.latest().open();
    expect(FakeLiveSocket.latest().sent).toEqual([
      { type: 'register', info: 'web' },
      { type: 'toggle', company_id: 3 },
      { type: 'classify', classify_type: 0 },
    ]);
    start({ modeFlag: 0, companyId: 8 });
    FakeLiveSocket.latest().open();
    expect(FakeLiveSocket.latest().sent.slice(1)).toEqual([
      { type: 'toggle', company_id: 8 },
      { type: 'classify', classify_type: 1 },
    ]);
  });

  it('sends a heartbeat every 30 s while open', () => {
    start();
    const socket = FakeLiveSocket.latest();
    socket.open();
    vi.advanceTimersByTime(90_000);
    expect(socket.sent.filter((frame) => frame.type === 'heartbeat')).toHaveLength(3);
    socket.serverClose(1006);
    vi.advanceTimersByTime(60_000);
    expect(socket.sent.filter((frame) => frame.type === 'heartbeat')).toHaveLength(3);
  });

  it('reconnects with growing, jittered delays, and starts over after a full handshake', () => {
    const rolls = [0, 0.999, 0.5, 0, 0];
    start({ random: () => rolls.shift() ?? 0, backoff: { initialMs: 1_000, maxMs: 8_000 } });
    FakeLiveSocket.latest().open();
    const reconnectAfter = () => {
      const before = FakeLiveSocket.instances.length;
      FakeLiveSocket.latest().serverClose(1006);
      let waited = 0;
      while (FakeLiveSocket.instances.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      return waited;
    };
    // Equal jitter: half of 1 s, 2 s, 4 s fixed, the other half from the random source.
    expect(reconnectAfter()).toBe(500);
    expect(reconnectAfter()).toBe(2_000);
    expect(reconnectAfter()).toBe(3_000);
    // A handshake that completes (synced) resets the schedule.
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().receive({ type: 'synced', stream: 'goal', seq: 1, mode: 'live' });
    expect(reconnectAfter()).toBe(500);
  });

  it('resumes every stream from its last seq before classify, and never delivers a seq twice', () => {
    const { received } = start();
    const first = FakeLiveSocket.latest();
    first.open();
    first.receive({ type: 'synced', stream: 'football_match', seq: 10, mode: 'snapshot' });
    first.receive(match(11));
    first.receive({ type: 'synced', stream: 'goal', seq: 4, mode: 'live' });
    first.receive(goal(5));
    first.receive(goal(5));
    first.serverClose(1001);
    vi.advanceTimersByTime(1_000);
    const second = FakeLiveSocket.latest();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toEqual([
      { type: 'register', info: 'web' },
      { type: 'toggle', company_id: 3 },
      { type: 'resume', stream: 'football_match', lastSeq: 11 },
      { type: 'resume', stream: 'goal', lastSeq: 5 },
      { type: 'classify', classify_type: 0 },
    ]);
    // The server replays what it is unsure the client had: the client keeps each once.
    for (const frame of [match(11), match(12), goal(5), goal(6), goal(6)]) second.receive(frame);
    expect(received.map((frame) => `${frame.type}:${frame.seq}`)).toEqual(['football_match:11', 'goal:5', 'football_match:12', 'goal:6']);
  });

  it('switches company and mode on the open socket', () => {
    const { client } = start();
    const socket = FakeLiveSocket.latest();
    socket.open();
    socket.receive({ type: 'synced', stream: 'football_exponent', seq: 7, mode: 'snapshot' });
    client.setCompany(8);
    client.setModeFlag(0);
    expect(socket.sent.slice(3)).toEqual([
      { type: 'toggle', company_id: 8 },
      { type: 'classify', classify_type: 1 },
    ]);
    expect(client.positions.position('football_exponent')).toBeUndefined();
  });

  it('stops for good on close()', () => {
    const { client } = start();
    FakeLiveSocket.latest().open();
    client.close();
    vi.advanceTimersByTime(120_000);
    expect(FakeLiveSocket.instances).toHaveLength(1);
    expect(client.status).toBe('closed');
  });

  it('resolves a path against the page and picks ws or wss', () => {
    start({ url: '/ws/live-data' });
    expect(FakeLiveSocket.latest().url).toBe(`ws://${window.location.host}/ws/live-data`);
  });
});
