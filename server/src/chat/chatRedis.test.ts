import { describe, expect, it } from 'vitest';
import type { App } from '../infra/http/types';
import { testRedisReachable } from '../testing/redisTarget';
import { chatMessages } from './chatMessages';
import { ChatTestClient, createRoom, createUser } from './testing/chatTestKit';
import { useTwoChatNodes } from './testing/twoChatNodes';

const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis: members on either node are in the same room. */
describe.skipIf(!reachable)('built-in chat across two nodes over Redis', () => {
  const nodes = useTwoChatNodes('chat');
  const nodeA = nodes.nodeA;

  const member = (app: App, userId: number) => nodes.page(app, userId);

  it('delivers every message to both nodes in one order with the same seqs, counts members on both, and relays room events', async () => {
    const room = await createRoom(nodeA.db, '双节点主播');
    const onA = await member(nodeA.app, await createUser(nodeA.db, 'A1'));
    const anchorOnB = await member(nodes.nodeB, room.ownerId);
    const mutedId = await createUser(nodeA.db, 'B2');
    const onB = await member(nodes.nodeB, mutedId);
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
    await expect.poll(() => nodes.nodeB.chatPresence.onlineMembers(room.roomId), { timeout: 3_000 }).toBe(3);

    // A mute made through node A's rooms API reaches the user on node B at once.
    await nodeA.db.insertInto('live_room_mute').values({ room_id: room.roomId, user_id: mutedId, muted_by: room.ownerId, until: null }).execute();
    expect((await onB.say(room.groupId, 'warm the cache')).type).toBe('ack');
    nodeA.app.roomEvents.emit('muted', { roomId: room.roomId, ownerId: room.ownerId, userId: mutedId, until: null });
    await onB.waitFor((frame) => frame.type === 'notice' && frame.notice.text === chatMessages.noticeMuted(null));
    expect(await onB.say(room.groupId, 'muted now')).toMatchObject({ type: 'refused', refusal: { code: 'muted' } });

    // A member joining on node B later gets the history kept in Redis.
    const late = await member(nodes.nodeB, await createUser(nodeA.db, 'late'));
    await late.join(room.groupId);
    const history = await late.waitFor((frame) => frame.type === 'history');
    expect(history.type === 'history' && history.messages.map((message) => message.text)).toEqual(expect.arrayContaining(['a1', 'b1', 'b2', 'a2']));
  });
});
