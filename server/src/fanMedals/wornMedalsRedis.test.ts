import { describe, expect, it } from 'vitest';
import { issueSession } from '../accounts/sessions/sessions';
import { createRoom, createUser } from '../chat/testing/chatTestKit';
import type { App } from '../infra/http/types';
import { testRedisReachable } from '../testing/redisTarget';
import { WORN_MEDAL_TTL_MS } from './wornMedals';
import { useTwoChatNodes } from '../chat/testing/twoChatNodes';

const reachable = await testRedisReachable();

/**
 * Two nodes, one database, one Redis: a medal worn, renamed or taken off through node A shows on
 * the member's very next line on node B, which had cached the member's medal a moment before (no
 * wait for the cache's minute, WORN_MEDAL_TTL_MS).
 */
describe.skipIf(!reachable)('worn fan medals across two nodes over Redis', () => {
  const nodes = useTwoChatNodes('medal', { chat: { memberRate: { max: 1_000, windowMs: 1_000, blockMs: 10 } } });
  const nodeA = nodes.nodeA;

  const post = async (app: App, url: string, token: string, body: object) => (await app.inject({ method: 'POST', url, headers: { token }, payload: body })).json();
  /** Until node B's cache holds what the database says (the bus delivered the change), at most 3 s: far under the cache's minute. */
  const untilNodeBSees = async (memberId: number, expected: { name: string } | null) => {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const worn = await nodes.nodeB.fanMedals.worn.wornBy(memberId);
      if (expected === null ? worn === null : worn?.name === expected.name) return;
      if (Date.now() > deadline) throw new Error(`node B still has ${JSON.stringify(worn)} for member ${memberId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('wear, rename and take off on node A: the member\'s next line on node B shows it', async () => {
    expect(WORN_MEDAL_TTL_MS).toBeGreaterThanOrEqual(60_000);
    const room = await createRoom(nodeA.db, '勋章主播');
    const memberId = await createUser(nodeA.db, '跨节点粉丝');
    const now = new Date();
    await nodeA.db.insertInto('fan_medal').values({ member_id: memberId, anchor_id: room.ownerId, intimacy: 10, gift_coins: 100, last_interaction_at: now, created_at: now }).execute();
    const { token } = await issueSession(nodeA.db, memberId, 3600);
    const anchorToken = (await issueSession(nodeA.db, room.ownerId, 3600)).token;

    const client = await nodes.page(nodes.nodeB, memberId);
    expect((await client.join(room.groupId)).status).toBe('success');
    const lineOnB = async (text: string) => {
      const ack = await client.say(room.groupId, text);
      if (ack.type !== 'ack') throw new Error(`refused: ${JSON.stringify(ack)}`);
      return ack.message.from.medal;
    };

    // Node B reads (and caches) "no medal worn".
    expect(await lineOnB('还没戴')).toBeUndefined();

    expect((await post(nodeA.app, '/api/FanMedal/wear', token, { anchor_id: room.ownerId })).data).toEqual({ worn_anchor_id: room.ownerId });
    await untilNodeBSees(memberId, { name: '勋章主' });
    expect(await lineOnB('戴上了')).toEqual({ name: '勋章主', level: 2, lit: true });

    expect((await post(nodeA.app, '/api/FanMedal/setName', anchorToken, { name: '铁粉团' })).code).toBe(200);
    await untilNodeBSees(memberId, { name: '铁粉团' });
    expect(await lineOnB('改名了')).toEqual({ name: '铁粉团', level: 2, lit: true });

    expect((await post(nodeA.app, '/api/FanMedal/wear', token, { anchor_id: null })).data).toEqual({ worn_anchor_id: null });
    await untilNodeBSees(memberId, null);
    expect(await lineOnB('摘下了')).toBeUndefined();
  });
});
