import { randomBytes } from 'node:crypto';
import type { ChatServerFrame } from '@sports/shared/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../../accounts/accountsConfig';
import { issueSession } from '../../accounts/sessions/sessions';
import { buildApp } from '../../app';
import { ChatTestClient, chatUrl, createRoom, createUser } from '../../chat/testing/chatTestKit';
import type { App } from '../../infra/http/types';
import { embeddedTarget } from '../../testing/dbTargets';
import { TEST_REDIS_URL, testRedisReachable } from '../../testing/redisTarget';
import { useTestApp } from '../../testing/testApp';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';

const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis: a horn sent through one node reaches the viewers of both. */
describe.skipIf(!reachable)('horns across two nodes over Redis', () => {
  const channel = `sports:test-horn:${randomBytes(6).toString('hex')}`;
  const accountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = 'two-node-horn-secret-long-enough';
  const live = { feed: null, redisUrl: TEST_REDIS_URL, redisChannel: `${channel}:live` };
  const nodeA = useTestApp(embeddedTarget(), { app: { accountsConfig, live, chat: { redisChannel: channel } } });
  let nodeB: App;
  const clients: ChatTestClient[] = [];

  beforeAll(async () => {
    nodeB = await buildApp({ db: nodeA.db, siteRoot: nodeA.site.root, logLevel: 'silent', dataDir: nodeA.dataDir, accountsConfig, live, chat: { redisChannel: channel } });
    await nodeB.ready();
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    return async () => {
      for (const client of clients) client.close();
      await nodeB.close();
    };
  });
  afterAll(async () => {
    await expectLedgerClean(nodeA.db);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${channel}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const viewerIn = async (app: App, groupId: string) => {
    const client = await new ChatTestClient(chatUrl(app)).open();
    clients.push(client);
    const { token } = await issueSession(nodeA.db, await createUser(nodeA.db, '观众'), 3600);
    const sig = (await app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json().data as { id: string; userSig: string };
    expect((await client.login(sig.id, sig.userSig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    return client;
  };

  it('a horn sent on node A is a horn frame for viewers of different rooms on both nodes, once each', async () => {
    const [roomOne, roomTwo] = [await createRoom(nodeA.db, '一号主播'), await createRoom(nodeA.db, '二号主播')];
    const onA = await viewerIn(nodeA.app, roomOne.groupId);
    const onB = await viewerIn(nodeB, roomTwo.groupId);
    const senderId = await createUser(nodeA.db, '跨节点喊话');
    await fundMember(nodeA.db, senderId, 500);
    const { token } = await issueSession(nodeA.db, senderId, 3600);
    const answer = (await nodeA.app.inject({ url: `/api/Member/sneHorn?text=${encodeURIComponent('两个节点都听到')}`, headers: { token, 'idempotency-key': 'two-node-horn' } })).json();
    expect(answer.code).toBe(200);
    const isHorn = (frame: ChatServerFrame) => frame.type === 'horn';
    for (const client of [onA, onB]) {
      const frame = await client.waitFor(isHorn, 5_000);
      if (frame.type !== 'horn') throw new Error('not a horn');
      expect(frame.horn).toMatchObject({ id: String(answer.data.horn.id), text: '两个节点都听到', senderNickname: '跨节点喊话' });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of [onA, onB]) expect(client.frames.filter(isHorn)).toHaveLength(1);
  });
});
