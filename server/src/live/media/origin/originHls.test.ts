import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createUser, mediaTestConfig } from '../testing/mediaTestKit';
import { OriginRegistry } from './originRegistry';

/**
 * A room's HLS is made by its origin (issue 37): a node without ffmpeg still offers the HLS address
 * of a room whose origin makes it (it proxies the files), and no node offers it when the origin
 * does not.
 */
describeEachDatabase('the HLS address follows the room\'s origin', (target) => {
  const noFfmpeg = mediaTestConfig();
  noFfmpeg.embedded = { ...noFfmpeg.embedded, ffmpegPath: null };
  const ctx = useTestApp(target, { app: { media: noFfmpeg } });

  const hlsOf = async (roomId: number) => (await ctx.app.inject(`/api/Live_streaming/getRoomInfo?room_id=${roomId}`)).json().data.hls as string | null;
  const originElsewhere = async (makesHls: boolean) => {
    const roomId = (await createUser(ctx.db, { anchor: true, room: makesHls ? '别处有HLS' : '别处无HLS' })).roomId as number;
    await ctx.db.insertInto('media_origin').values({ room_id: roomId, node_id: 'node-with-the-push', internal_url: 'http://127.0.0.1:9', makes_hls: makesHls, lease_until: new Date(Date.now() + 60_000) }).execute();
    return roomId;
  };

  it('offered on a node without ffmpeg when the origin makes HLS; not when it does not, nor with no origin', async () => {
    expect(await hlsOf(await originElsewhere(true))).toMatch(/^\/live\/room[0-9]+\/index\.m3u8$/);
    expect(await hlsOf(await originElsewhere(false))).toBeNull();
    const offline = (await createUser(ctx.db, { anchor: true, room: '未开播' })).roomId as number;
    expect(await hlsOf(offline)).toBeNull();
  });

  it('a claim records whether its node makes HLS', async () => {
    const roomId = (await createUser(ctx.db, { anchor: true, room: '登记' })).roomId as number;
    const registry = new OriginRegistry(ctx.db, 'node-without-ffmpeg', 60_000);
    expect(await registry.claim(roomId, 'http://10.0.0.3:3000', false)).toBe(true);
    expect((await registry.originOf(roomId))?.makesHls).toBe(false);
    expect(await registry.claim(roomId, 'http://10.0.0.3:3000', true)).toBe(true);
    expect((await registry.originOf(roomId))?.makesHls).toBe(true);
  });
});
