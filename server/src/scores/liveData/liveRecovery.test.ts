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

/**
 * Kill the socket server in the middle of matches, restart it on the same database and port,
 * and every client must end up with every goal exactly once: the ones before the restart live,
 * the ones while it was down from PostgreSQL (the new node's ring has never seen the clients'
 * numbers), the ones after live again.
 */
describe('/ws/live-data recovery across a server restart', () => {
  const clock = createManualClock(LIVE_TEST_START);
  let database: TestDatabase;
  let site: FakeSite;
  let dataDir: string;
  const apps: App[] = [];

  const startNode = async (): Promise<App> => {
    const app = await buildApp({ db: database.handle.db, siteRoot: site.root, logLevel: 'silent', dataDir, live: { feed: liveFeedTestOptions(clock) } });
    apps.push(app);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    const adminUrl = embeddedTarget().adminUrl;
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    database = await createTestDatabase(adminUrl, { template: embeddedTarget().migratedTemplate });
    site = await createFakeSite({ withHost: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-live-'));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    await site.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const announcedGoals = async () =>
    (await database.handle.db.selectFrom('match_event').select('stream_seq').where('stream_seq', 'is not', null).orderBy('stream_seq').execute()).map((row) => row.stream_seq);

  it('delivers every goal exactly once to every client', async () => {
    const first = await startNode();
    await first.listen({ port: 0, host: '127.0.0.1' });
    const { port } = first.server.address() as AddressInfo;
    const url = `ws://127.0.0.1:${port}/ws/live-data`;
    const clients = [new LiveTestClient(url), new LiveTestClient(url, { modeFlag: 0 }), new LiveTestClient(url, { companyId: 8 }), new LiveTestClient(url)];
    const synced = () => clients.every((client) => client.client.positions.position('goal') !== undefined);
    await until(synced, 'clients synced');
    const goalsBeforeClients = await announcedGoals();

    await playFeed(first, clock, 30_000);
    const beforeRestart = (await announcedGoals()).filter((seq) => !goalsBeforeClients.includes(seq));
    expect(beforeRestart.length).toBeGreaterThan(0);
    await until(() => clients.every((client) => client.goalSeqs().length === beforeRestart.length), 'goals before the restart');

    await first.close();
    await until(() => clients.every((client) => client.client.status === 'reconnecting'), 'clients noticing');
    // While the sockets are down the restarted node's feed plays on: goals nobody sees live.
    const second = await startNode();
    await playFeed(second, clock, 30_000);
    const whileDown = (await announcedGoals()).filter((seq) => seq !== null && seq > Math.max(...beforeRestart.map(Number)));
    expect(whileDown.length).toBeGreaterThan(0);
    await second.listen({ port, host: '127.0.0.1' });

    await until(() => clients.every((client) => client.goalSeqs().length === beforeRestart.length + whileDown.length), 'goals missed while down', 10_000);
    await playFeed(second, clock, 20_000);
    const expected = (await announcedGoals()).filter((seq) => !goalsBeforeClients.includes(seq));
    expect(expected.length).toBeGreaterThan(beforeRestart.length + whileDown.length);
    await until(() => clients.every((client) => client.goalSeqs().length >= expected.length), 'goals after the restart');
    for (const client of clients) {
      expect([...client.goalSeqs()].sort((a, b) => a - b)).toEqual(expected);
      expect(new Set(client.goalSeqs()).size).toBe(client.goalSeqs().length);
    }
    for (const client of clients) client.close();
  });
});
