import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ChatTestClient } from '../chat/testing/chatTestKit';
import type { App } from '../infra/http/types';
import { createMatch, createUser } from '../live/testing/roomsTestKit';
import { testRedisReachable } from '../testing/redisTarget';
import { useTwoChatNodes } from '../chat/testing/twoChatNodes';

const reachable = await testRedisReachable();

/** Two nodes, one database, one Redis (the chat's bus): each node alerts the pages it holds, once; the fan-out is shared, never doubled. */
describe.skipIf(!reachable)('alerts across two nodes', () => {
  const nodes = useTwoChatNodes('alerts', { app: { alertOverrides: { batchSize: 2 } } });
  const nodeA = nodes.nodeA;

  const pageOn = (app: App, userId: number) => nodes.page(app, userId);
  const alertFrames = (client: ChatTestClient) => client.frames.filter((frame) => frame.type === 'notice' && (frame as { notice: { alert?: unknown } }).notice.alert !== undefined);

  it('a page on node A and a page on node B each get the goal once; both nodes\' jobs write every follower\'s message once', async () => {
    const db = nodeA.db;
    const matchId = await createMatch(db, new Date(), 'live');
    const teamId = (await sql<{ id: string }>`select home_team_id as id from match where id = ${matchId}`.execute(db)).rows[0]!.id;
    const fans = [];
    for (let i = 0; i < 7; i++) fans.push(await createUser(db));
    for (const fan of fans) await sql`insert into member_follow (member_id, target_type, target_id) values (${fan.id}, 'team', ${teamId})`.execute(db);
    const onA = await pageOn(nodeA.app, fans[0]!.id);
    const onB = await pageOn(nodes.nodeB, fans[1]!.id);
    // The same member with a page on each node (two tabs, two nodes): one alert on each page.
    const secondTabOnB = await pageOn(nodes.nodeB, fans[0]!.id);

    await sql`insert into match_event (external_key, match_id, kind, side, minute, home_score, away_score, occurred_at) values (${`two-nodes:${matchId}`}, ${matchId}, 'goal', 'home', 10, 1, 0, now())`.execute(db);
    for (const client of [onA, onB, secondTabOnB]) await expect.poll(() => alertFrames(client).length, { timeout: 5_000 }).toBe(1);
    await Promise.all([nodeA.app.alerts.drain(), nodes.nodeB.alerts.drain()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of [onA, onB, secondTabOnB]) expect(alertFrames(client)).toHaveLength(1);
    const rows = (await sql<{ member_id: string; n: string }>`select member_id, count(*) as n from member_message where kind = 'goal' and member_id = any(${fans.map((fan) => String(fan.id))}::bigint[]) group by member_id`.execute(db)).rows;
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
  });
});
