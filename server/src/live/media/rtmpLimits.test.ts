import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import type { RtmpLimits } from './mediaConfig';
import { createUser, ffmpegInstalledFor, killPushes, mediaTestConfig, pushLargeFrameStream, pushTestStream, readFlvStart, waitFor } from './testing/mediaTestKit';
import { DEFAULT_CHUNK_SIZE, RtmpType, amf0, chunkHeader0, closedWithin, connectRtmp, handshake, message, publishCommands, send } from './testing/rtmpTestClient';

const ffmpegInstalled = ffmpegInstalledFor('the RTMP limit tests push real streams');

const LIMITS: RtmpLimits = {
  maxConnections: 12,
  maxPerAddress: 4,
  publishDeadlineMs: 1_500,
  unadmitted: { maxMessageBytes: 64 * 1024, maxChunkStreams: 8 },
  admitted: { maxMessageBytes: 2 * 1024 * 1024, maxChunkStreams: 16 },
};
const MiB = 1024 * 1024;
/** The largest length a chunk header can declare: NMS used to allocate it on the first byte. */
const LARGEST_DECLARABLE = 0xffffff;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A message declared `length` long on chunk stream `cid`, of which only the first chunk is sent (the parser then reads the next header). */
const partialMessage = (cid: number, length: number) => Buffer.concat([chunkHeader0(cid, length, RtmpType.video), Buffer.alloc(DEFAULT_CHUNK_SIZE, 0x17)]);

/** Largest FLV video tag in the bytes of an FLV stream (tags: type, 3-byte size, ..., data, 4-byte back-pointer). */
function largestVideoTag(flv: Buffer): number {
  let largest = 0;
  for (let offset = 13; offset + 11 <= flv.length; ) {
    const size = flv.readUIntBE(offset + 1, 3);
    if (flv[offset] === 9) largest = Math.max(largest, size);
    offset += 11 + size + 4;
  }
  return largest;
}

describe.skipIf(!ffmpegInstalled)('RTMP ingest limits', () => {
  const config = mediaTestConfig();
  config.embedded = { ...config.embedded, rtmpLimits: LIMITS };
  const ctx = useTestApp(embeddedTarget(), { app: { media: config } });
  let baseUrl: string;
  let rtmpPort: number;
  let anchor: { token: string; roomId: number };
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const created = await createUser(ctx.db, { anchor: true, room: '限额测试直播间' });
    anchor = { token: created.token, roomId: created.roomId as number };
    rtmpPort = Number(/:(\d+)\/live$/.exec(await pushServer())?.[1]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await killPushes();
  });

  const liveUrl = async () => (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data as { push_server: string; push_url: string };
  const pushServer = async () => (await liveUrl()).push_server;
  const roomStatus = async () => (await ctx.db.selectFrom('live_room').select('stream_status').where('id', '=', anchor.roomId).executeTakeFirstOrThrow()).stream_status;
  const open = async (localAddress?: string) => {
    const socket = await connectRtmp(rtmpPort, localAddress);
    sockets.push(socket);
    return socket;
  };
  const goesLive = () => new Promise<void>((resolve) => ctx.app.streamEvents.once('live', () => resolve()));
  const goesOffline = () => new Promise<void>((resolve) => ctx.app.streamEvents.once('offline', () => resolve()));
  /** A raw RTMP client that publishes the anchor's stream with a valid key: resolves once the room is live. */
  const admittedRawPublisher = async () => {
    const socket = await open();
    const admitted = goesLive();
    const { push_url } = await liveUrl();
    await send(socket, Buffer.concat([handshake(), publishCommands(rtmpPort, push_url.slice(push_url.lastIndexOf('/') + 1))]));
    await admitted;
    return socket;
  };

  it('one address holds at most MEDIA_RTMP_MAX_PER_ADDRESS connections, so an anchor elsewhere can still push', async () => {
    const flood = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => open('127.0.0.2')));
    await Promise.all(flood.map((socket) => send(socket, handshake())));
    await sleep(300);
    const closed = await Promise.all(flood.map((socket) => closedWithin(socket, 0)));
    expect(closed.filter((gone) => !gone)).toHaveLength(LIMITS.maxPerAddress);

    const live = goesLive();
    pushTestStream((await liveUrl()).push_url, 20);
    await live;
    expect(await roomStatus()).toBe('live');
    const offline = goesOffline();
    await killPushes();
    await offline;
    for (const socket of flood) socket.destroy();
  });

  it('a connection that does not publish is dropped at the publish deadline, however much it sends', async () => {
    const socket = await open();
    const connectedAt = Date.now();
    await send(socket, handshake());
    // An acknowledgement every 200 ms: bytes that used to reset the 30 s idle timer forever.
    const keepAlive = setInterval(() => void send(socket, message(2, RtmpType.acknowledgement, Buffer.alloc(4))), 200);
    try {
      expect(await closedWithin(socket, LIMITS.publishDeadlineMs + 2_000)).toBe(true);
    } finally {
      clearInterval(keepAlive);
    }
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(LIMITS.publishDeadlineMs - 100);
  });

  it('before its publish is admitted, a session cannot make the server allocate big messages', async () => {
    const before = process.memoryUsage();
    const flood = await Promise.all(Array.from({ length: LIMITS.maxPerAddress }, () => open()));
    // Six chunk streams each declaring the largest message, one payload byte each.
    const declarations = Buffer.concat([2, 3, 4, 5, 6, 7].map((cid) => partialMessage(cid, LARGEST_DECLARABLE)));
    await Promise.all(flood.map((socket) => send(socket, Buffer.concat([handshake(), declarations]))));
    await sleep(500);
    const held = process.memoryUsage();
    const grew = { arrayBuffersMiB: (held.arrayBuffers - before.arrayBuffers) / MiB, rssMiB: (held.rss - before.rss) / MiB };
    console.log(`unadmitted flood of ${flood.length} connections x 6 declared ${LARGEST_DECLARABLE} B messages: grew ${JSON.stringify(grew)}`);
    const closed = await Promise.all(flood.map((socket) => closedWithin(socket, 0)));
    expect(closed).toEqual(flood.map(() => true));
    expect(grew.arrayBuffersMiB).toBeLessThan(8);
  });

  it('before its publish is admitted, a session may use only a few chunk streams', async () => {
    const withinLimit = await open();
    const overLimit = await open();
    const streams = (count: number) => Buffer.concat(Array.from({ length: count }, (_, index) => partialMessage(10 + index, 1_000)));
    await send(withinLimit, Buffer.concat([handshake(), streams(LIMITS.unadmitted.maxChunkStreams)]));
    await send(overLimit, Buffer.concat([handshake(), streams(LIMITS.unadmitted.maxChunkStreams + 1)]));
    expect(await closedWithin(overLimit, 1_000)).toBe(true);
    expect(await closedWithin(withinLimit, 0)).toBe(false);
    withinLimit.destroy();
  });

  it('an admitted encoder may send messages of hundreds of KB and stays past the deadline; above the admitted bound its session ends', async () => {
    const live = goesLive();
    pushLargeFrameStream((await liveUrl()).push_url, 30);
    await live;
    const flv = await readFlvStart(`${baseUrl}/live/room${anchor.roomId}.flv`, 2 * MiB);
    expect(largestVideoTag(flv.head)).toBeGreaterThan(LIMITS.unadmitted.maxMessageBytes * 2);
    await sleep(LIMITS.publishDeadlineMs + 500);
    expect(await roomStatus()).toBe('live');
    const offline = goesOffline();
    await killPushes();
    await offline;

    // A raw publisher: admitted (the room goes live), then it declares more than the admitted bound.
    const socket = await admittedRawPublisher();
    const ended = goesOffline();
    await send(socket, partialMessage(6, LIMITS.admitted.maxMessageBytes + 1));
    expect(await closedWithin(socket, 2_000)).toBe(true);
    await ended;
  }, 60_000);

  it('a publisher that names a second stream on its connection is let go, and its room does not stay taken', async () => {
    const socket = await admittedRawPublisher();
    // This used to move the session to room999999's broadcast: refused there, it left its own room
    // with a publisher that never ended (live forever, every new push refused).
    const ended = goesOffline();
    await send(socket, message(3, RtmpType.amf0Command, amf0('publish', 4, null, 'room999999', 'live'), { streamId: 1 }));
    expect(await closedWithin(socket, 2_000)).toBe(true);
    await ended;
    expect(await roomStatus()).toBe('offline');
    const again = goesLive();
    pushTestStream((await liveUrl()).push_url, 20);
    await again;
    const offline = goesOffline();
    await killPushes();
    await offline;
  }, 30_000);
});

