import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ExponentRow, createLiveDataClient } from '@sports/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app';
import type { App } from '../../infra/http/types';
import { createLiveHistory } from '../liveHistory';
import { embeddedTarget } from '../../testing/dbTargets';
import { type FakeSite, createFakeSite } from '../../testing/fakeSite';
import { TestSocket } from '../../testing/testSocket';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';
import { type LiveHistory, goalAudience } from './liveDataHub';
import { frameMessages } from './liveDataProtocol';

/** The defaults (server/README.md, "Live data"): a burst of 20 control frames, then 1 a second. */
const BURST = 20;

/**
 * A flood of control frames (toggle, classify, resume) on /ws/live-data: each toggle answers with
 * fresh snapshots and each late resume may read PostgreSQL, so a connection gets a budget of them
 * and is closed (1008, after an error frame) when it spends more. Real sockets, real database.
 */
describe('/ws/live-data control frame budget', () => {
  let database: TestDatabase;
  let site: FakeSite;
  let dataDir: string;
  let app: App;
  let url: string;
  let goalQueries = 0;

  beforeAll(async () => {
    const adminUrl = embeddedTarget().adminUrl;
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    database = await createTestDatabase(adminUrl, { seed: false, template: embeddedTarget().migratedTemplate });
    site = await createFakeSite({ withHost: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-live-rate-'));
    const real = createLiveHistory(database.handle.db);
    // The real history, counting the catch-up reads a resume can cause.
    const history: LiveHistory = {
      currentRows: () => real.currentRows(),
      events: {
        goal: {
          lastSeq: () => real.events.goal?.lastSeq() ?? Promise.resolve(0),
          between: (after, upTo, limit) => {
            goalQueries += 1;
            return real.events.goal?.between(after, upTo, limit) ?? Promise.resolve([]);
          },
        },
      },
    };
    app = await buildApp({ db: database.handle.db, siteRoot: site.root, logLevel: 'silent', dataDir, liveData: { history, ringSize: 2 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/live-data`;
    // Odds of two companies, so every toggle between them answers with a real snapshot.
    const hub = app.liveDataHub;
    for (const companyId of [3, 8]) {
      const rows = Array.from({ length: 40 }, (_, index) => ({ match_id: 1_000 + index, company_id: companyId, sport: 'football', handicap: '0.5/1', odds: [0.92, 0.98], note: 'x'.repeat(60) }));
      hub.broadcast('football_exponent', hub.currentSeq('football_exponent') + 1, rows as unknown as ExponentRow[], { hot: false, companyId });
    }
    // Ten goals, and a ring of two: a resume from 0 has to read the rest from the database.
    for (let seq = 1; seq <= 10; seq += 1) {
      hub.broadcast('goal', seq, { match_id: 1, iszhu: 1, match_str: `${seq}'`, home_team_name_zh: '主', away_team_name_zh: '客', home_score: seq, away_score: 0 }, goalAudience());
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await site?.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Opens a socket, shakes hands and counts every byte and frame the server sends afterwards. */
  const handshake = async () => {
    const client = await TestSocket.open(url);
    client.send({ type: 'register', info: 'web' });
    client.send({ type: 'classify', classify_type: 0 });
    // registered, classified, then one synced frame per stream.
    for (;;) {
      const frame = (await client.next()) as { type?: string; stream?: string };
      if (frame.type === 'synced' && frame.stream === 'goal') break;
    }
    const received = { bytes: 0, frames: [] as { type?: string; msg?: string }[] };
    client.socket.on('message', (data: Buffer) => {
      received.bytes += data.byteLength;
      received.frames.push(JSON.parse(String(data)) as { type?: string; msg?: string });
    });
    return { client, received };
  };

  it('answers a burst of 600 toggles with at most its budget, then an error frame and 1008', async () => {
    const { client, received } = await handshake();
    const sent = Array.from({ length: 600 }, (_, index) => JSON.stringify({ type: 'toggle', company_id: index % 2 === 0 ? 8 : 3 }));
    for (const frame of sent) client.socket.send(frame);
    const { code } = await client.closed;
    expect(code).toBe(CloseCode.PolicyViolation);
    const toggled = received.frames.filter((frame) => frame.type === 'toggled').length;
    // The handshake spent two (register, classify); the budget refills one a second, so a slow
    // machine may serve a frame or two more.
    expect(toggled).toBeGreaterThanOrEqual(BURST - 2);
    expect(toggled).toBeLessThanOrEqual(BURST);
    expect(received.frames.at(-1)).toEqual({ type: 'error', msg: frameMessages.tooFrequent });
    const inputBytes = sent.reduce((total, frame) => total + frame.length, 0);
    // Each toggle answers with two exponent snapshots (~6.7 KB here): 600 of them were ~4 MB out.
    expect(received.bytes).toBeLessThan(BURST * 8_000);
    expect(received.bytes).toBeLessThan(10 * inputBytes);
    console.info(`600 toggles (${inputBytes} B in): ${received.bytes} B out, ${toggled} answered, closed ${code}`);
  });

  it('reads the database for at most the budget of resumes', async () => {
    const { client, received } = await handshake();
    goalQueries = 0;
    for (let index = 0; index < 200; index += 1) client.send({ type: 'resume', stream: 'goal', lastSeq: 0 });
    expect((await client.closed).code).toBe(CloseCode.PolicyViolation);
    // Let the reads already started finish before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(goalQueries).toBeGreaterThan(0);
    expect(goalQueries).toBeLessThanOrEqual(BURST);
    expect(received.frames.filter((frame) => frame.type === 'error')).toEqual([{ type: 'error', msg: frameMessages.tooFrequent }]);
  });

  it('keeps answering heartbeats whatever their number (they are not control frames)', async () => {
    const { client, received } = await handshake();
    for (let index = 0; index < 100; index += 1) client.send({ type: 'heartbeat' });
    const deadline = Date.now() + 5_000;
    while (received.frames.length < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received.frames.filter((frame) => frame.type === 'heartbeat')).toHaveLength(100);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.close();
    await client.closed;
  });

  it('never closes the real client: its handshake, reconnects and a user switching filters', async () => {
    const statuses: string[] = [];
    const client = createLiveDataClient({
      url,
      companyId: 3,
      modeFlag: 1,
      WebSocket: WebSocket as never,
      onMessage: () => undefined,
      onStatus: (status) => statuses.push(status),
      backoff: { initialMs: 10, maxMs: 20 },
    });
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(check()).toBe(true);
    };
    await until(() => client.positions.position('goal') !== undefined);
    const sockets = () => [...app.liveDataHub.clients.keys()];
    // A user clicking through companies and modes as fast as a hand can: 12 switches.
    for (let index = 0; index < 6; index += 1) {
      client.setCompany(index % 2 === 0 ? 8 : 3);
      client.setModeFlag(index % 2 === 0 ? 0 : 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statuses).toEqual(['open']);
    // The server going away three times: each reconnect resumes every stream, within its budget.
    for (let round = 0; round < 3; round += 1) {
      for (const socket of sockets()) socket.close(CloseCode.GoingAway, 'test');
      await until(() => statuses.filter((status) => status === 'open').length === round + 2);
      await until(() => sockets().length === 1 && [...app.liveDataHub.clients.values()][0]?.phase === 'live');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statuses.filter((status) => status === 'reconnecting')).toHaveLength(3);
    client.close();
  });
});
