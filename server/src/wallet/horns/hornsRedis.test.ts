import type { ChatServerFrame } from '@sports/shared/server';
import { afterAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../accounts/sessions/sessions';
import { createRoom, createUser } from '../../chat/testing/chatTestKit';
import type { App } from '../../infra/http/types';
import { testRedisReachable } from '../../testing/redisTarget';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';
import { useTwoChatNodes } from '../../chat/testing/twoChatNodes';

const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis: a horn sent through one node reaches the viewers of both. */
describe.skipIf(!reachable)('horns across two nodes over Redis', () => {
  const nodes = useTwoChatNodes('horn');
  const nodeA = nodes.nodeA;
  afterAll(() => expectLedgerClean(nodeA.db));

  const viewerIn = async (app: App, groupId: string) => {
    const client = await nodes.page(app, await createUser(nodeA.db, '观众'));
    expect((await client.join(groupId)).status).toBe('success');
    return client;
  };

  it('a horn sent on node A is a horn frame for viewers of different rooms on both nodes, once each', async () => {
    const [roomOne, roomTwo] = [await createRoom(nodeA.db, '一号主播'), await createRoom(nodeA.db, '二号主播')];
    const onA = await viewerIn(nodeA.app, roomOne.groupId);
    const onB = await viewerIn(nodes.nodeB, roomTwo.groupId);
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
