import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { MEDIA_SECRET_FILE } from '../mediaPlugin';
import { createUser, mediaTestConfig } from '../testing/mediaTestKit';
import { RELAY_HEADER, relaySignature } from './relayHeader';

interface SeenPull {
  url: string;
  relay: string | undefined;
  at: number;
}

/**
 * A node's pulls against a stand-in origin (a plain HTTP server the registry names): what the pull
 * sends, how it retries, and that a pull is never relayed on. The real two-node run is
 * twoNodes.test.ts; this one makes the origin fail in the ways a real one rarely does on cue.
 */
describeEachDatabase('pulls from a room origin on another node', (target) => {
  const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
  let baseUrl: string;
  let origin: http.Server;
  let originUrl: string;
  let behaviour: 'not-live' | 'silent' | 'segments' | 'held-playlist' = 'not-live';
  const seen: SeenPull[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    origin = http.createServer((request, response) => {
      seen.push({ url: request.url ?? '', relay: request.headers[RELAY_HEADER] as string | undefined, at: Date.now() });
      if (behaviour === 'silent') return; // accepts, never answers
      if (behaviour === 'held-playlist' && (request.url ?? '').includes('_HLS_msn=')) {
        // An origin holding a blocking request longer than a plain pull may take (3 s).
        return void setTimeout(() => response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' }).end('#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:8\n#EXTINF:1.0,\nabc1-seg8.ts\n'), 3_500);
      }
      if (behaviour === 'segments' && /seg[0-9]+\.ts$/.test(request.url ?? '')) {
        response.writeHead(200, { 'content-type': 'video/mp2t', 'cache-control': 'public, max-age=31536000, immutable', etag: '"seg"' });
        return void setTimeout(() => response.end(Buffer.alloc(188 * 10, 0x47)), 50);
      }
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":1,"msg":"直播未开始"}');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  async function roomOriginAt(url: string): Promise<number> {
    const roomId = (await createUser(ctx.db, { anchor: true, room: '拉流测试' })).roomId as number;
    await ctx.db.insertInto('media_origin').values({ room_id: roomId, node_id: 'another-node', internal_url: url, lease_until: new Date(Date.now() + 60_000) }).execute();
    return roomId;
  }

  it('a failing pull is retried with growing waits, signed, then the viewer is told not live; during the cool-down no pull is made', async () => {
    behaviour = 'not-live';
    seen.length = 0;
    const roomId = await roomOriginAt(originUrl);
    const startedAt = Date.now();
    const answer = await fetch(`${baseUrl}/live/room${roomId}.flv`);
    expect(answer.status).toBe(404);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(seen.map((pull) => pull.url)).toEqual([`/live/room${roomId}.flv`, `/live/room${roomId}.flv`, `/live/room${roomId}.flv`]);
    const secret = (await fs.readFile(path.join(ctx.dataDir, MEDIA_SECRET_FILE), 'utf8')).trim();
    for (const pull of seen) expect(pull.relay).toBe(relaySignature(secret, `room${roomId}`));
    const gaps = seen.slice(1).map((pull, index) => pull.at - (seen[index] as SeenPull).at);
    expect(gaps[1] as number).toBeGreaterThan((gaps[0] as number) * 1.5);
    // Players retrying at once do not reach the dead origin again.
    expect((await fetch(`${baseUrl}/live/room${roomId}.flv`)).status).toBe(404);
    expect(seen.length).toBe(3);
  });

  it('a pull is never relayed on: a node asked by another node answers from its own push only, even when the registry names a third', async () => {
    behaviour = 'not-live';
    seen.length = 0;
    const roomId = await roomOriginAt(originUrl);
    for (const url of [`/live/room${roomId}.flv`, `/live/room${roomId}/index.m3u8`]) {
      const answer = await fetch(`${baseUrl}${url}`, { headers: { [RELAY_HEADER]: 'another-node' } });
      expect(answer.status).toBe(404);
    }
    expect(seen).toEqual([]);
  });

  it('the registry naming this very node as the origin of a room it does not push: one hop, then not live (no loop)', async () => {
    const roomId = await roomOriginAt(baseUrl);
    const startedAt = Date.now();
    expect((await fetch(`${baseUrl}/live/room${roomId}.flv`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/live/room${roomId}/index.m3u8`)).status).toBe(404);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });

  it('an origin that never answers: HLS is an error within the timeout, not a hang', async () => {
    behaviour = 'silent';
    const roomId = await roomOriginAt(originUrl);
    const startedAt = Date.now();
    const answer = await fetch(`${baseUrl}/live/room${roomId}/index.m3u8`, { signal: AbortSignal.timeout(10_000) });
    expect(answer.status).toBe(502);
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    origin.closeAllConnections();
  });

  it('an immutable segment crosses from the origin once, however many viewers ask; a playlist is fetched each time', async () => {
    behaviour = 'segments';
    seen.length = 0;
    const roomId = await roomOriginAt(originUrl);
    const url = `${baseUrl}/live/room${roomId}/abc1-seg7.ts`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(url)));
    answers.push(await fetch(url));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toContain('immutable');
      expect((await answer.arrayBuffer()).byteLength).toBe(1880);
    }
    expect(seen.filter((pull) => pull.url.endsWith('seg7.ts')).length).toBe(1);
    await fetch(`${baseUrl}/live/room${roomId}/index.m3u8`);
    await fetch(`${baseUrl}/live/room${roomId}/index.m3u8`);
    expect(seen.filter((pull) => pull.url.endsWith('index.m3u8')).length).toBe(2);
  });

  it('a blocking playlist request is passed on with its _HLS_msn and may be held past a plain pull\'s timeout; viewers asking the same share one pull', async () => {
    behaviour = 'held-playlist';
    seen.length = 0;
    const roomId = await roomOriginAt(originUrl);
    const url = `${baseUrl}/live/room${roomId}/index.m3u8?_HLS_msn=8`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(url, { signal: AbortSignal.timeout(15_000) })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('abc1-seg8.ts');
    }
    expect(seen.map((pull) => pull.url)).toEqual([`/live/room${roomId}/index.m3u8?_HLS_msn=8`]);
  });
});
