import type { AddressInfo } from 'node:net';
import type { MatchCentreDelta, MatchCentreFrame } from '@sports/shared/server';
import { pino } from 'pino';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTestClient, until } from '../feed/testing/liveTestKit';
import { LiveDataHub } from './liveDataHub';
import { memorySeqBlocks } from './seqAllocator';

const delta = (matchId: number, shotId: number): MatchCentreDelta => ({
  match_id: matchId,
  sport: 'football',
  status: 'live',
  shots: [{ id: shotId, side: 'home', player_id: null, player_zh: '球员', period: 1, minute: 10, extra: 0, second: 0, x: 94, y: 34, xg: 0.2, outcome: 'missed', on_target: false, head: false, situation: 'open_play' }],
});

/**
 * The `match_centre` stream on a hub of its own (no database): per watched match, replayed from
 * the ring after a reconnect, and a resync (the page fetches again) when the ring has moved on.
 */
describe('the match_centre stream', () => {
  const hub = new LiveDataHub({ log: pino({ level: 'silent' }), ringSize: 6 });
  let server: WebSocketServer;
  let url: string;
  let shot = 0;
  const publish = (matchId: number) => hub.publish('match_centre', delta(matchId, (shot += 1)), { hot: true, companyId: null });
  const shots = (client: LiveTestClient) => (client.frames.filter((frame) => frame.type === 'match_centre') as MatchCentreFrame[]).map((frame) => frame.data.shots?.[0]?.id);
  const dropAll = () => {
    for (const socket of hub.clients.keys()) socket.terminate();
  };

  beforeAll(async () => {
    await hub.enablePublishing(memorySeqBlocks);
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    server.on('connection', (socket) => hub.accept(socket));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await hub.closeAll(100);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a match only to its watchers, switches with watchMatch, replays what a dropped page missed, and asks for a refetch past the ring', async () => {
    const a = new LiveTestClient(url, { watchMatchId: 1 });
    const b = new LiveTestClient(url, { watchMatchId: 2 });
    const none = new LiveTestClient(url);
    await until(() => [a, b, none].every((client) => client.client.positions.position('match_centre') !== undefined), 'synced');
    publish(1);
    publish(2);
    publish(1);
    await until(() => shots(a).length === 2 && shots(b).length === 1, 'first deltas');
    expect(shots(a)).toEqual([1, 3]);
    expect(shots(b)).toEqual([2]);

    // b moves to match 1's page.
    b.client.watchMatch(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    publish(1);
    await until(() => shots(b).length === 2, 'b on match 1');
    expect(shots(b)).toEqual([2, 4]);

    // Dropped: three deltas while away (the ring holds six), replayed once each on the way back.
    dropAll();
    await until(() => a.client.status === 'reconnecting', 'a away');
    publish(1);
    publish(2);
    publish(1);
    await until(() => a.client.status === 'open' && shots(a).length === 5, 'a replayed');
    expect(shots(a)).toEqual([1, 3, 4, 5, 7]);
    expect(a.resyncs).toBe(0);

    // Away while more than the ring's six went out: nothing to replay, the page fetches again.
    dropAll();
    await until(() => a.client.status === 'reconnecting', 'a away again');
    for (let index = 0; index < 8; index += 1) publish(1);
    await until(() => a.client.status === 'open' && a.resyncs === 1, 'a resynced');
    publish(1);
    await until(() => shots(a).at(-1) === shot, 'live again');
    expect(new Set(shots(a)).size).toBe(shots(a).length);
    expect(shots(none)).toEqual([]);
    for (const client of [a, b, none]) client.close();
  });
});

/** The ring bounded by bytes (centreRingBytes; MATCH_CENTRE_RING_BYTES by default): past it, a refetch. */
describe('the match_centre ring by bytes', () => {
  const hub = new LiveDataHub({ log: pino({ level: 'silent' }), ringSize: 2048, centreRingBytes: 1_000 });
  let server: WebSocketServer;
  let url: string;
  let shot = 0;
  const publish = () => hub.publish('match_centre', delta(1, (shot += 1)), { hot: true, companyId: null });

  beforeAll(async () => {
    await hub.enablePublishing(memorySeqBlocks);
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    server.on('connection', (socket) => hub.accept(socket));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await hub.closeAll(100);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('replays what fits in its bytes and asks for a refetch past them, though far fewer than ringSize went out', async () => {
    const page = new LiveTestClient(url, { watchMatchId: 1 });
    await until(() => page.client.positions.position('match_centre') !== undefined, 'synced');
    // Two deltas (about 400 bytes of frames each) fit: replayed.
    for (const socket of hub.clients.keys()) socket.terminate();
    await until(() => page.client.status === 'reconnecting', 'away');
    publish();
    publish();
    await until(() => page.client.status === 'open' && page.frames.filter((frame) => frame.type === 'match_centre').length === 2, 'replayed');
    expect(page.resyncs).toBe(0);
    // Ten do not (ringSize 2048 would hold them): the page fetches again.
    for (const socket of hub.clients.keys()) socket.terminate();
    await until(() => page.client.status === 'reconnecting', 'away again');
    for (let index = 0; index < 10; index += 1) publish();
    await until(() => page.client.status === 'open' && page.resyncs === 1, 'resynced');
    const held = hub.recentMessages().filter((message) => message.stream === 'match_centre');
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(10);
    expect(held.reduce((sum, message) => sum + message.frame.length, 0)).toBeLessThanOrEqual(1_000);
    page.close();
  });
});
