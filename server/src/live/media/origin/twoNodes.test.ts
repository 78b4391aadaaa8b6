import { execFile } from 'node:child_process';
import http from 'node:http';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../infra/db/schema';
import { embeddedTarget } from '../../../testing/dbTargets';
import { pushSignature } from '../pushSignature';
import { readFlvFor } from '../testing/flvTags';
import { createUser, exitOf, ffmpegInstalledFor, killPushes, pushTestStream, waitFor } from '../testing/mediaTestKit';
import { type ServerProcess, startServerProcess } from '../testing/serverProcessKit';
import { OriginLeases } from './originLeases';
import { OriginRegistry } from './originRegistry';

const ffmpegInstalled = ffmpegInstalledFor('the two-node video tests need it to push a stream and probe HLS');
const SECRET = 'two-nodes-shared-media-secret';

/** ffprobe of a URL: the codec of its first video stream (HLS through node B). */
function probeVideoCodec(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('ffprobe', ['-v', 'error', '-rw_timeout', '5000000', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', url], { timeout: 20_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.split('\n').find((line) => line.trim() !== '')?.trim() ?? ''),
    );
  });
}

/** An FLV reader held open until the server ends it; resolves with when that happened. */
function holdFlv(url: string): Promise<{ status: number; endedAt: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      const endedAt = new Promise<number>((done) => response.once('close', () => done(Date.now())));
      resolve({ status: response.statusCode ?? 0, endedAt });
    });
    request.on('error', reject);
  });
}

describe.skipIf(!ffmpegInstalled)('two nodes, one PostgreSQL: any node serves any room (issue 37)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Kysely<Database>;
  let roomId: number;
  const env = { MEDIA_SIGNING_SECRET: SECRET, MEDIA_RECONNECT_GRACE_SECONDS: '0', MEDIA_ORIGIN_LEASE_SECONDS: '2' };

  beforeAll(async () => {
    const { adminUrl } = embeddedTarget();
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    a = await startServerProcess(adminUrl, env);
    b = await startServerProcess(adminUrl, env, { sharedDatabase: a.database });
    db = a.database.handle.db;
    roomId = (await createUser(db, { anchor: true, room: '双节点直播' })).roomId as number;
  }, 120_000);

  afterAll(async () => {
    await killPushes();
    await b?.stop();
    await a?.stop();
  }, 60_000);

  const stream = () => `room${roomId}`;
  const pushUrl = async (node: ServerProcess) => {
    const room = await db.selectFrom('live_room').select('stream_key_version').where('id', '=', roomId).executeTakeFirstOrThrow();
    return `rtmp://127.0.0.1:${node.rtmpPort}/live/${stream()}?sign=${pushSignature(SECRET, stream(), Math.floor(Date.now() / 1000) + 600, room.stream_key_version)}`;
  };
  const status = async () => (await db.selectFrom('live_room').select('stream_status').where('id', '=', roomId).executeTakeFirstOrThrow()).stream_status;
  const origin = () => db.selectFrom('media_origin').selectAll().where('room_id', '=', roomId).executeTakeFirst();
  const flvPlays = async (node: ServerProcess) => {
    const flv = await readFlvFor(`${node.httpUrl}/live/${stream()}.flv`, 2_500);
    return flv.status === 200 && flv.tags.some((tag) => tag.type === 9 && tag.keyframe) ? flv : null;
  };

  it('a push on A plays on B: FLV tags (one pull for many players), HLS with ffprobe, immutable segments, a gone segment is 404 at once', async () => {
    pushTestStream(await pushUrl(a), 600);
    await waitFor(async () => (await status()) === 'live', 'the room to go live on A');
    expect((await origin())?.internal_url).toBe(a.httpUrl);

    const flv = await waitFor(() => flvPlays(b), 'FLV of the push on A to play on B', 20_000);
    expect(flv.hasVideo).toBe(true);
    expect(flv.hasAudio).toBe(true);
    expect(flv.tags.some((tag) => tag.type === 9 && tag.sequenceHeader)).toBe(true);
    // Three players on B at once: B pulls the room from A once.
    const players = await Promise.all([1, 2, 3].map(() => readFlvFor(`${b.httpUrl}/live/${stream()}.flv`, 2_000)));
    for (const player of players) expect(player.tags.some((tag) => tag.type === 9 && tag.keyframe)).toBe(true);
    expect(b.logs.filter((line) => line.msg === 'FLV pull from the origin started').length).toBeLessThanOrEqual(2); // the first read's pull may have lingered out

    const playlistUrl = `${b.httpUrl}/live/${stream()}/index.m3u8`;
    const playlist = await waitFor(async () => {
      const response = await fetch(playlistUrl);
      return response.status === 200 ? response : null;
    }, 'the HLS playlist on B', 20_000);
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers.get('cache-control')).toBe('no-cache');
    expect(playlist.headers.get('etag')).toMatch(/^"/);
    const text = await playlist.text();
    const segment = /^([0-9a-z]+)-seg[0-9]+\.ts$/m.exec(text);
    expect(segment, text).not.toBeNull();
    const segmentUrl = `${b.httpUrl}/live/${stream()}/${segment?.[0]}`;
    const first = await fetch(segmentUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/mp2t');
    expect(first.headers.get('cache-control')).toContain('immutable');
    const etag = first.headers.get('etag') as string;
    expect((await fetch(segmentUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await probeVideoCodec(playlistUrl)).toBe('h264');

    // The card's thumbnail on B: A's latest frame (B has no HLS of the room to decode).
    const thumb = await waitFor(async () => {
      const response = await fetch(`${b.httpUrl}/live/thumb/${stream()}.jpg`);
      return response.headers.get('content-type') === 'image/jpeg' ? response : null;
    }, 'the live thumbnail on B', 30_000);
    expect(thumb.headers.get('etag')).toMatch(/^"/);

    // Six players on B at once: A, the origin, counts them in the broadcast's peak (B reports its
    // audience, remoteAudience.ts; B's pull and proxied playlists are signed: not viewers on A).
    const six = Promise.all(Array.from({ length: 6 }, () => readFlvFor(`${b.httpUrl}/live/${stream()}.flv`, 12_000)));
    const peak = await waitFor(async () => {
      const row = await db.selectFrom('broadcast').select('peak_viewers').where('room_id', '=', roomId).where('ended_at', 'is', null).executeTakeFirst();
      return row !== undefined && row.peak_viewers >= 6 ? row.peak_viewers : null;
    }, 'the peak on A to count the players on B', 11_000);
    // At most those six and B's two HLS clients of this test (its playlist fetch and ffprobe, counted for 30 s).
    expect(peak).toBeLessThanOrEqual(8);
    await six;

    for (const gone of [`${segment?.[1]}-seg999999.ts`, `zz-seg1.ts`]) {
      const startedAt = Date.now();
      const response = await fetch(`${b.httpUrl}/live/${stream()}/${gone}`, { signal: AbortSignal.timeout(3_000) });
      expect(response.status).toBe(404);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
    }
  }, 120_000);

  it('a second push for the room on B is refused while A holds it (the registry, not memory); A keeps playing', async () => {
    const code = await exitOf(pushTestStream(await pushUrl(b), 20));
    expect(code).not.toBe(0);
    await waitFor(async () => b.logs.some((line) => line.msg === 'push refused' && String(line.reason).includes('another node')), 'B to log the refusal');
    expect((await origin())?.internal_url).toBe(a.httpUrl);
    expect(await status()).toBe('live');
    expect(await flvPlays(b)).not.toBeNull();
  }, 60_000);

  it('A killed (SIGKILL): offline on B within 5 s; the encoder reconnects to B, which becomes the origin, and playback resumes', async () => {
    const player = await holdFlv(`${b.httpUrl}/live/${stream()}.flv`);
    expect(player.status).toBe(200);
    await a.kill();
    const killedAt = Date.now();
    await waitFor(async () => (await status()) === 'offline', 'the room to go offline after its origin died', 5_000);
    const offlineAfter = Date.now() - killedAt;
    console.log(`origin SIGKILLed: the room read offline ${offlineAfter} ms later`);
    const info = (await (await fetch(`${b.httpUrl}/api/Live_streaming/getRoomInfo?room_id=${roomId}`)).json()) as { data: { room_state: string } };
    expect(info.data.room_state).not.toBe('live');
    expect(offlineAfter).toBeLessThan(5_000);
    expect((await player.endedAt) - killedAt).toBeLessThan(5_000);
    expect((await readFlvFor(`${b.httpUrl}/live/${stream()}.flv`, 500)).status).toBe(404);
    expect(b.logs.some((line) => line.msg.startsWith('origin lease expired'))).toBe(true);
    await killPushes(); // the encoder lost A; it reconnects to B (an OBS retries the same way)

    pushTestStream(await pushUrl(b), 600);
    await waitFor(async () => (await status()) === 'live', 'the room to go live again on B', 15_000);
    expect((await origin())?.internal_url).toBe(b.httpUrl);
    expect(await waitFor(() => flvPlays(b), 'FLV to play on B again', 15_000)).not.toBeNull();
    const broadcasts = await db.selectFrom('broadcast').select(['ended_at']).where('room_id', '=', roomId).orderBy('id').execute();
    expect(broadcasts.length).toBe(2);
    expect(broadcasts[0]?.ended_at).toBeInstanceOf(Date); // the dead origin's broadcast was ended by the sweep
    expect(broadcasts[1]?.ended_at).toBeNull();
  }, 90_000);

  it('the registry: a live lease refuses another node, a stale one (a node gone without a word) is taken over and swept', async () => {
    const other = await createUser(db, { anchor: true, room: '租约测试' });
    const otherRoom = other.roomId as number;
    const first = new OriginRegistry(db, 'node-one', 60_000);
    const second = new OriginRegistry(db, 'node-two', 60_000);
    expect(await first.claim(otherRoom, 'http://10.0.0.1:3000')).toBe(true);
    expect(await second.claim(otherRoom, 'http://10.0.0.2:3000')).toBe(false);
    // Both at once, for a room nobody holds: exactly one wins.
    await first.release(otherRoom);
    const raced = await Promise.all([first.claim(otherRoom, 'http://10.0.0.1:3000'), second.claim(otherRoom, 'http://10.0.0.2:3000')]);
    expect(raced.filter(Boolean).length).toBe(1);
    // A lease that ran out: B's sweep deletes it (and would end the room's broadcast) within a second.
    await db.updateTable('media_origin').set({ lease_until: new Date(Date.now() - 60_000) }).where('room_id', '=', otherRoom).execute();
    expect(await first.originOf(otherRoom)).toBeNull();
    await waitFor(async () => (await db.selectFrom('media_origin').select('room_id').where('room_id', '=', otherRoom).executeTakeFirst()) === undefined, 'the stale lease to be swept', 3_000);
    expect(await second.claim(otherRoom, 'http://10.0.0.2:3000')).toBe(true);
    expect((await second.renew([otherRoom])).has(otherRoom)).toBe(true);
    expect((await first.renew([otherRoom])).has(otherRoom)).toBe(false);
    await second.release(otherRoom);

    // The origin's own stall: its lease ran out and was swept; it claims the room again and goes on.
    // Another node holding the room instead ends the push here.
    const said: string[] = [];
    const silent = { warn: () => undefined } as unknown as ConstructorParameters<typeof OriginLeases>[0]['log'];
    const leases = new OriginLeases({
      registry: first,
      log: silent,
      leaseMs: 400,
      pushedRooms: () => [otherRoom],
      lost: (roomId) => said.push(`lost ${roomId}`),
      reclaimed: (roomId) => said.push(`reclaimed ${roomId}`),
      internalUrl: () => 'http://10.0.0.1:3000',
      sweep: async () => 0,
    });
    expect(await first.claim(otherRoom, 'http://10.0.0.1:3000')).toBe(true);
    leases.claimed(otherRoom);
    leases.start();
    try {
      await db.deleteFrom('media_origin').where('room_id', '=', otherRoom).execute();
      await waitFor(async () => said.includes(`reclaimed ${otherRoom}`), 'the swept lease to be claimed again', 3_000);
      expect((await first.originOf(otherRoom))?.nodeId).toBe('node-one');
      await db.updateTable('media_origin').set({ node_id: 'node-two', lease_until: new Date(Date.now() + 60_000) }).where('room_id', '=', otherRoom).execute();
      await waitFor(async () => said.includes(`lost ${otherRoom}`), 'the lease taken by another node to end the push', 3_000);
    } finally {
      await leases.stop();
    }
  }, 30_000);
});
