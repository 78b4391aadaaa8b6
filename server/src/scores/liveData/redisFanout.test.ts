import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../infra/clock';
import { LIVE_TEST_START, LiveTestClient, liveFeedTestOptions, playFeed, until } from '../feed/testing/liveTestKit';
import { embeddedTarget } from '../../testing/dbTargets';
import { TEST_REDIS_URL, testRedisReachable } from '../../testing/redisTarget';
import type { App } from '../../infra/http/types';
import { useTestApp } from '../../testing/testApp';

const REDIS_URL = TEST_REDIS_URL;
const reachable = await testRedisReachable();

/**
 * Two server nodes on one database and one Redis: the feed runs on node A; node B serves the same
 * streams from the bus, with the same seq numbers, to its own clients.
 */
describe.skipIf(!reachable)('/ws/live-data across two nodes over Redis', () => {
  const clock = createManualClock(LIVE_TEST_START);
  // A channel of its own: parallel runs on one Redis must not hear each other.
  const redisChannel = `sports:test:${randomBytes(6).toString('hex')}`;
  const nodeA = useTestApp(embeddedTarget(), { app: { live: { feed: liveFeedTestOptions(clock), redisUrl: REDIS_URL, redisChannel } } });
  let nodeB: App;

  beforeAll(async () => {
    // Node B: the same database, no feed of its own.
    nodeB = await buildApp({ db: nodeA.db, siteRoot: nodeA.site.root, logLevel: 'silent', dataDir: nodeA.dataDir, live: { feed: null, redisUrl: REDIS_URL, redisChannel } });
    await nodeB.ready();
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    return async () => {
      await nodeB.close();
    };
  });

  it('delivers the same frames with the same numbers to clients of both nodes', async () => {
    const urlOf = (app: App) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/live-data`;
    const onA = [new LiveTestClient(urlOf(nodeA.app)), new LiveTestClient(urlOf(nodeA.app), { modeFlag: 0 })];
    const onB = [new LiveTestClient(urlOf(nodeB)), new LiveTestClient(urlOf(nodeB), { modeFlag: 0 })];
    const everyone = [...onA, ...onB];
    await until(() => everyone.every((client) => client.client.positions.position('goal') !== undefined), 'clients synced');
    const startGoal = nodeA.app.liveDataHub.currentSeq('goal');
    expect(nodeA.app.liveFeed?.isLeading).toBe(true);

    await playFeed(nodeA.app, clock, 60_000);
    const goals = (
      await nodeA.db.selectFrom('match_event').select('stream_seq').where('stream_seq', '>', startGoal).orderBy('stream_seq').execute()
    ).map((row) => row.stream_seq);
    expect(goals.length).toBeGreaterThan(0);
    await until(() => everyone.every((client) => client.goalSeqs().length >= goals.length), 'goals on both nodes');
    for (const client of everyone) expect(client.goalSeqs()).toEqual(goals);
    // B numbers nothing itself: it serves A's numbers.
    await until(() => nodeB.liveDataHub.currentSeq('football_match') === nodeA.app.liveDataHub.currentSeq('football_match'), 'B caught up');
    const updates = (client: LiveTestClient) => client.of('football_match').filter((frame) => frame.snapshot !== true).map((frame) => `${frame.seq}:${JSON.stringify(frame.data)}`);
    await until(() => updates(onB[0] as LiveTestClient).length === updates(onA[0] as LiveTestClient).length, 'the same football rows');
    expect(updates(onB[0] as LiveTestClient)).toEqual(updates(onA[0] as LiveTestClient));
    expect(updates(onB[1] as LiveTestClient)).toEqual(updates(onA[1] as LiveTestClient));
    expect(updates(onA[0] as LiveTestClient).length).toBeGreaterThan(10);
    for (const client of everyone) client.close();
  });
});
