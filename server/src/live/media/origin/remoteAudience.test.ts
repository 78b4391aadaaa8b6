import { pino } from 'pino';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createUser } from '../testing/mediaTestKit';
import { RemoteAudience } from './remoteAudience';

/**
 * Two nodes' audience reports over one real PostgreSQL (the nodes are two RemoteAudience objects,
 * each with its own players): the origin of a room counts the other node's players of it. The
 * real two-node run (twoNodes.test.ts) checks the broadcast's peak.
 */
describeEachDatabase('a room\'s audience across nodes', (target) => {
  const ctx = useTestApp(target);
  const silent = pino({ level: 'silent' });

  function node(nodeId: string, players: Map<number, number>, originated: number[]): RemoteAudience {
    const audience = new RemoteAudience({ db: ctx.db, nodeId, log: silent, watchedRooms: () => [...players.keys()], viewers: (roomId) => players.get(roomId) ?? 0, reportMs: 3_600_000 });
    audience.start(() => originated);
    return audience;
  }

  it('the origin adds the players on other nodes; a node whose players left, or that stopped, takes its count away', async () => {
    const room = (await createUser(ctx.db, { anchor: true, room: '多节点观众' })).roomId as number;
    const other = (await createUser(ctx.db, { anchor: true, room: '另一个房间' })).roomId as number;
    const onB = new Map([[room, 7], [other, 2]]);
    const onC = new Map([[room, 5]]);
    const a = node('node-a', new Map([[room, 3]]), [room]);
    const b = node('node-b', onB, [other]);
    const c = node('node-c', onC, []);
    await b.tick();
    await c.tick();
    await a.tick();
    expect(a.of(room)).toBe(12);
    // B originates `other`: its own players there are not reported (the origin counts them itself).
    const rows = await ctx.db.selectFrom('media_audience').select(['room_id', 'node_id', 'viewers']).orderBy('node_id').execute();
    expect(rows).toEqual([
      { room_id: room, node_id: 'node-b', viewers: 7 },
      { room_id: room, node_id: 'node-c', viewers: 5 },
    ]);

    onB.set(room, 0);
    await b.tick();
    await a.tick();
    expect(a.of(room)).toBe(5);
    await c.stop();
    await a.tick();
    expect(a.of(room)).toBe(0);
    expect(await ctx.db.selectFrom('media_audience').selectAll().execute()).toEqual([]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a count a gone node left behind (not renewed for 10 s) is not counted, and is deleted after a minute', async () => {
    const room = (await createUser(ctx.db, { anchor: true, room: '掉线节点' })).roomId as number;
    await ctx.db
      .insertInto('media_audience')
      .values([
        { room_id: room, node_id: 'gone-a-while', viewers: 40, updated_at: new Date(Date.now() - 30_000) },
        { room_id: room, node_id: 'gone-long-ago', viewers: 90, updated_at: new Date(Date.now() - 120_000) },
        { room_id: room, node_id: 'alive', viewers: 4 },
      ])
      .execute();
    const origin = node('origin', new Map(), [room]);
    await origin.tick();
    expect(origin.of(room)).toBe(4);
    const left = await ctx.db.selectFrom('media_audience').select('node_id').where('room_id', '=', room).orderBy('node_id').execute();
    expect(left.map((row) => row.node_id)).toEqual(['alive', 'gone-a-while']);
    await origin.stop();
  });

  it('nothing is written or read while no room is watched or pushed on the node', async () => {
    let queries = 0;
    const countingDb = ctx.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const counting = new RemoteAudience({ db: countingDb, nodeId: 'idle-node', log: silent, watchedRooms: () => [], viewers: () => 0, reportMs: 3_600_000 });
    counting.start(() => []);
    await counting.tick();
    await counting.stop();
    expect(queries).toBe(0);
  });
});
