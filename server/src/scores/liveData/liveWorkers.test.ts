import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../infra/clock';
import { LIVE_TEST_START, LiveTestClient, liveFeedTestOptions, playFeed, until } from '../feed/testing/liveTestKit';
import type { App } from '../../infra/http/types';
import { embeddedTarget } from '../../testing/dbTargets';
import { type FakeSite, createFakeSite } from '../../testing/fakeSite';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { TestSocket } from '../../testing/testSocket';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';
import type { LiveWorkerPool } from './liveWorkerPool';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * LIVE_WORKERS=2: the main process accepts HTTP and hands each /ws/live-data socket to a fan-out
 * worker process; the feed publishes in the main process and the workers relay every broadcast.
 */
describe('/ws/live-data served by fan-out worker processes', () => {
  const clock = createManualClock(LIVE_TEST_START);
  let database: TestDatabase;
  let site: FakeSite;
  let dataDir: string;
  let app: App;
  let url: string;
  let closed = false;
  const clients: LiveTestClient[] = [];
  const workers = (): LiveWorkerPool => {
    if (app.liveWorkers === null) throw new Error('no workers');
    return app.liveWorkers;
  };
  const announcedGoals = async (after: number) =>
    (await database.handle.db.selectFrom('match_event').select('stream_seq').where('stream_seq', '>', after).orderBy('stream_seq').execute()).map((row) => row.stream_seq);

  beforeAll(async () => {
    const adminUrl = embeddedTarget().adminUrl;
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    database = await createTestDatabase(adminUrl, { template: embeddedTarget().migratedTemplate });
    site = await createFakeSite({ withHost: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-live-workers-'));
    app = await buildApp({
      db: database.handle.db,
      siteRoot: site.root,
      logLevel: (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent',
      dataDir,
      // Rings of 2: a reconnecting client's missed goals come from PostgreSQL (read by the worker), not memory.
      liveData: { ringSize: 2 },
      live: { feed: liveFeedTestOptions(clock), workers: { count: 2, databaseUrl: database.url } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/live-data`;
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    if (!closed) await app?.close();
    await database?.drop();
    await site?.remove();
    if (dataDir !== undefined) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('spreads the sockets over the workers, and every client gets every broadcast with its seq', async () => {
    expect(workers().readyCount).toBe(2);
    clients.push(new LiveTestClient(url), new LiveTestClient(url, { modeFlag: 0 }), new LiveTestClient(url, { companyId: 8 }), new LiveTestClient(url));
    await until(() => clients.every((client) => client.client.positions.position('goal') !== undefined), 'clients synced');
    // Served by the workers (least connections: two each), none by the main process.
    expect(app.liveDataHub.clients.size).toBe(0);
    expect((await workers().stats()).map((stats) => stats.clients)).toEqual([2, 2]);

    const hub = app.liveDataHub;
    const firstGoal = hub.currentSeq('goal');
    const firstMatch = hub.currentSeq('football_match');
    await playFeed(app, clock, 60_000);
    const goals = await announcedGoals(firstGoal);
    expect(goals.length).toBeGreaterThan(0);
    await until(() => clients.every((client) => client.goalSeqs().length >= goals.length), 'goals through the workers');
    for (const client of clients) expect(client.goalSeqs()).toEqual(goals);

    // Clients of every competition (mode flag 1) see every football update, numbered without a gap.
    const lastMatch = hub.currentSeq('football_match');
    expect(lastMatch - firstMatch).toBeGreaterThan(10);
    const expected = Array.from({ length: lastMatch - firstMatch }, (_, index) => firstMatch + 1 + index);
    const updates = (client: LiveTestClient) => client.of('football_match').filter((frame) => frame.snapshot !== true && frame.seq > firstMatch);
    const everything = [clients[0], clients[3]] as LiveTestClient[];
    await until(() => everything.every((client) => updates(client).length === expected.length), 'every football update');
    for (const client of everything) expect(updates(client).map((frame) => frame.seq)).toEqual(expected);
    // Hot-only and company 8 clients get their filtered subset, in order, with the same numbers.
    for (const client of [clients[1], clients[2]] as LiveTestClient[]) {
      const seqs = updates(client).map((frame) => frame.seq);
      expect(seqs.length).toBeGreaterThan(0);
      expect(seqs.every((seq) => expected.includes(seq))).toBe(true);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    }
    expect(clients[2]?.of('football_exponent').every((frame) => frame.data.every((row) => row.company_id === 8))).toBe(true);
  });

  it('leaves plain HTTP and other upgrades to the main process', async () => {
    const plain = await fetch(url.replace('ws:', 'http:'));
    expect(plain.status).toBe(426);
    const elsewhere = await TestSocket.open(url.replace('/ws/live-data', '/ws/no-such-socket')).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(elsewhere).toContain('404');
  });

  it('restarts a killed worker; its clients reconnect and get every goal exactly once', async () => {
    const startGoal = app.liveDataHub.currentSeq('goal');
    const before = new Map(clients.map((client) => [client, client.goalSeqs().length]));
    const [victim] = workers().pids;
    if (victim === undefined) throw new Error('no worker running');
    process.kill(victim, 'SIGKILL');
    await until(() => clients.some((client) => client.client.status === 'reconnecting'), 'clients of the killed worker noticing');
    // The match goes on while they reconnect (to the surviving worker, or the restarted one).
    await playFeed(app, clock, 120_000);
    await until(() => workers().readyCount === 2 && !workers().pids.includes(victim), 'the worker restarted', 10_000);
    await playFeed(app, clock, 30_000);
    const goals = await announcedGoals(startGoal);
    // More than the ring holds: the late page below can only get them from PostgreSQL.
    expect(goals.length).toBeGreaterThan(2);
    await until(() => clients.every((client) => client.goalSeqs().length - (before.get(client) ?? 0) >= goals.length), 'every goal after the kill', 10_000);
    for (const client of clients) {
      const after = client.goalSeqs().slice(before.get(client));
      expect([...after].sort((a, b) => a - b)).toEqual(goals);
      expect(new Set(client.goalSeqs()).size).toBe(client.goalSeqs().length);
    }
    expect(clients.every((client) => client.client.status === 'open')).toBe(true);

    // A page back after longer than the ring (2 messages here) covers: the worker reads its goals from PostgreSQL.
    const late = await TestSocket.open(url);
    late.send({ type: 'register', info: 'web' });
    late.send({ type: 'resume', stream: 'goal', lastSeq: startGoal });
    late.send({ type: 'classify', classify_type: 0 });
    const replayed: number[] = [];
    for (;;) {
      const frame = (await late.next()) as { type: string; code?: number; seq: number; stream?: string; mode?: string };
      if (frame.type === 'goal' && frame.code === 100) replayed.push(frame.seq);
      if (frame.type === 'synced' && frame.stream === 'goal') {
        expect(frame.mode).toBe('replay');
        break;
      }
    }
    expect(replayed).toEqual(goals);
    late.close();
  });

  it('closes every socket with 1001 and stops the workers on shutdown', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'register', info: 'web' });
    expect(await socket.next()).toEqual({ type: 'registered' });
    const pids = workers().pids;
    expect(pids).toHaveLength(2);
    const started = Date.now();
    await app.close();
    closed = true;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await socket.closed).code).toBe(CloseCode.GoingAway);
    expect(pids.filter(alive)).toEqual([]);
  });
});
