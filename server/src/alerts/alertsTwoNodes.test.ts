import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../accounts/accountsConfig';
import { issueSession } from '../accounts/sessions/sessions';
import { buildApp } from '../app';
import { ChatTestClient, chatUrl } from '../chat/testing/chatTestKit';
import type { App } from '../infra/http/types';
import { createMatch, createUser } from '../live/testing/roomsTestKit';
import { embeddedTarget } from '../testing/dbTargets';
import { TEST_REDIS_URL, testRedisReachable } from '../testing/redisTarget';
import { useTestApp } from '../testing/testApp';

const REDIS_URL = TEST_REDIS_URL;
const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis (the chat's bus): each node alerts the pages it holds, once; the fan-out is shared, never doubled. */
describe.skipIf(!reachable)('alerts across two nodes', () => {
  const channel = `sports:test-alerts:${randomBytes(6).toString('hex')}`;
  const accountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = 'two-node-alerts-secret-long-enough';
  const live = { feed: null, redisUrl: REDIS_URL, redisChannel: `${channel}:live` };
  const alertOverrides = { batchSize: 2 };
  const nodeA = useTestApp(embeddedTarget(), { app: { accountsConfig, live, chat: { redisChannel: channel }, alertOverrides } });
  let nodeB: App;
  const clients: ChatTestClient[] = [];

  beforeAll(async () => {
    nodeB = await buildApp({ db: nodeA.db, siteRoot: nodeA.site.root, logLevel: 'silent', dataDir: nodeA.dataDir, accountsConfig, live, chat: { redisChannel: channel }, alertOverrides });
    await nodeB.ready();
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    return async () => {
      for (const client of clients) client.close();
      await nodeB.close();
    };
  });
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${channel}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const pageOn = async (app: App, userId: number) => {
    const client = await new ChatTestClient(chatUrl(app)).open();
    clients.push(client);
    const { token } = await issueSession(nodeA.db, userId, 3600);
    const sig = (await app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json().data as { id: string; userSig: string };
    expect((await client.login(sig.id, sig.userSig)).ok).toBe(true);
    return client;
  };
  const alertFrames = (client: ChatTestClient) => client.frames.filter((frame) => frame.type === 'notice' && (frame as { notice: { alert?: unknown } }).notice.alert !== undefined);

  it('a page on node A and a page on node B each get the goal once; both nodes\' jobs write every follower\'s message once', async () => {
    const db = nodeA.db;
    const matchId = await createMatch(db, new Date(), 'live');
    const teamId = (await sql<{ id: string }>`select home_team_id as id from match where id = ${matchId}`.execute(db)).rows[0]!.id;
    const fans = [];
    for (let i = 0; i < 7; i++) fans.push(await createUser(db));
    for (const fan of fans) await sql`insert into member_follow (member_id, target_type, target_id) values (${fan.id}, 'team', ${teamId})`.execute(db);
    const onA = await pageOn(nodeA.app, fans[0]!.id);
    const onB = await pageOn(nodeB, fans[1]!.id);
    // The same member with a page on each node (two tabs, two nodes): one alert on each page.
    const secondTabOnB = await pageOn(nodeB, fans[0]!.id);

    await sql`insert into match_event (external_key, match_id, kind, side, minute, home_score, away_score, occurred_at) values (${`two-nodes:${matchId}`}, ${matchId}, 'goal', 'home', 10, 1, 0, now())`.execute(db);
    for (const client of [onA, onB, secondTabOnB]) await expect.poll(() => alertFrames(client).length, { timeout: 5_000 }).toBe(1);
    await Promise.all([nodeA.app.alerts.drain(), nodeB.alerts.drain()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of [onA, onB, secondTabOnB]) expect(alertFrames(client)).toHaveLength(1);
    const rows = (await sql<{ member_id: string; n: string }>`select member_id, count(*) as n from member_message where kind = 'goal' and member_id = any(${fans.map((fan) => String(fan.id))}::bigint[]) group by member_id`.execute(db)).rows;
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
  });
});
