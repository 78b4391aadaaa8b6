import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../accounts/accountsConfig';
import { buildApp } from '../app';
import { issueSession } from '../accounts/sessions/sessions';
import type { App } from '../infra/http/types';
import { embeddedTarget } from '../testing/dbTargets';
import { TEST_REDIS_URL, testRedisReachable } from '../testing/redisTarget';
import { useTestApp } from '../testing/testApp';
import { chatMessages } from './chatMessages';
import { ChatTestClient, chatUrl, createRoom, createUser } from './testing/chatTestKit';

const REDIS_URL = TEST_REDIS_URL;
const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis: members on either node are in the same room. */
describe.skipIf(!reachable)('built-in chat across two nodes over Redis', () => {
  // A channel (and key prefix) of its own: parallel runs on one Redis must not hear each other.
  const channel = `sports:test-chat:${randomBytes(6).toString('hex')}`;
  const accountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = 'two-node-chat-secret-long-enough';
  const live = { feed: null, redisUrl: REDIS_URL, redisChannel: `${channel}:live` };
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
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${channel}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const member = async (app: App, userId: number) => {
    const client = await new ChatTestClient(chatUrl(app)).open();
    clients.push(client);
    const { token } = await issueSession(nodeA.db, userId, 3600);
    const sig = (await app.inject({ url: '/api/tenxun/getUserSig', headers: { token } })).json().data as { id: string; userSig: string };
    expect((await client.login(sig.id, sig.userSig)).ok).toBe(true);
    return client;
  };

  it('delivers every message to both nodes in one order with the same seqs, counts members on both, and relays room events', async () => {
    const room = await createRoom(nodeA.db, '双节点主播');
    const onA = await member(nodeA.app, await createUser(nodeA.db, 'A1'));
    const anchorOnB = await member(nodeB, room.ownerId);
    const mutedId = await createUser(nodeA.db, 'B2');
    const onB = await member(nodeB, mutedId);
    for (const client of [onA, anchorOnB, onB]) expect((await client.join(room.groupId)).status).toBe('success');

    const acks = await Promise.all([onA.say(room.groupId, 'a1'), anchorOnB.say(room.groupId, 'b1'), onB.say(room.groupId, 'b2'), onA.say(room.groupId, 'a2')]);
    const ids = acks.map((ack) => (ack.type === 'ack' ? ack.message.id : expect.fail(JSON.stringify(ack))));
    for (const client of [onA, anchorOnB, onB]) {
      await expect.poll(() => client.messages().filter((message) => ids.includes(message.id)).length).toBe(4);
    }
    const order = (client: ChatTestClient) => client.messages().map((message) => `${message.seq}:${message.text}`);
    expect(order(onB)).toEqual(order(onA));
    expect(order(anchorOnB)).toEqual(order(onA));
    const seqs = onA.messages().map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(4);
    expect(onA.messages().find((message) => message.text === 'b1')?.from.role).toBe('anchor');

    // Presence: 1 member on A + 2 on B, seen from either node.
    await expect.poll(() => nodeA.app.chatPresence.onlineMembers(room.roomId), { timeout: 3_000 }).toBe(3);
    await expect.poll(() => nodeB.chatPresence.onlineMembers(room.roomId), { timeout: 3_000 }).toBe(3);

    // A mute made through node A's rooms API reaches the user on node B at once.
    await nodeA.db.insertInto('live_room_mute').values({ room_id: room.roomId, user_id: mutedId, muted_by: room.ownerId, until: null }).execute();
    expect((await onB.say(room.groupId, 'warm the cache')).type).toBe('ack');
    nodeA.app.roomEvents.emit('muted', { roomId: room.roomId, ownerId: room.ownerId, userId: mutedId, until: null });
    await onB.waitFor((frame) => frame.type === 'notice' && frame.notice.text === chatMessages.noticeMuted(null));
    expect(await onB.say(room.groupId, 'muted now')).toMatchObject({ type: 'refused', refusal: { code: 'muted' } });

    // A member joining on node B later gets the history kept in Redis.
    const late = await member(nodeB, await createUser(nodeA.db, 'late'));
    await late.join(room.groupId);
    const history = await late.waitFor((frame) => frame.type === 'history');
    expect(history.type === 'history' && history.messages.map((message) => message.text)).toEqual(expect.arrayContaining(['a1', 'b1', 'b2', 'a2']));
  });
});
