import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { createUser, ffmpegInstalledFor, killPushes, pushTestStream, readFlvStart, waitFor } from './testing/mediaTestKit';
import { DEFAULT_CHUNK_SIZE, HANDSHAKE_SIZE, RtmpType, amf0, chunkHeader0, closedWithin, connectRtmp, handshake, message, publishCommands, send } from './testing/rtmpTestClient';
import { type ServerProcess, startServerProcess } from './testing/serverProcessKit';

const ffmpegInstalled = ffmpegInstalledFor('the RTMP fuzz test checks a real push afterwards');

/** Fixed, so a failure names a case that can be replayed. */
const SEED = 0x5eed_0a;
/** Fewer than MEDIA_RTMP_MAX_PER_ADDRESS (10): the fuzz comes from one address. */
const CONCURRENT_CASES = 5;
/** Message types 0-24 (every one the spec names, and the gaps between) and two that mean nothing. */
const MESSAGE_TYPES = [...Array.from({ length: 25 }, (_, type) => type), 127, 255];

interface FuzzCase {
  name: string;
  bytes: Buffer;
}

/** mulberry32: a small deterministic generator. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(0, 255)));
  return { int, bytes };
}

const random = randomSource(SEED);

/** The two inputs issue 10 names, byte for byte, that killed the process. */
const ZERO_LENGTH_SET_CHUNK_SIZE = Buffer.from('02' + '000000' + '000000' + '01' + '00000000' + 'c2', 'hex');
const TRUNCATED_CONNECT = Buffer.concat([Buffer.from('03' + '000000' + '00000b' + '14' + '00000000', 'hex'), Buffer.from('020007', 'hex'), Buffer.from('connect'), Buffer.from('00c3', 'hex')]);

function handshakeCases(): FuzzCase[] {
  return [
    { name: 'C0 only', bytes: Buffer.from([3]) },
    { name: 'C0 with a wrong version', bytes: Buffer.concat([Buffer.from([6]), random.bytes(2 * HANDSHAKE_SIZE)]) },
    { name: 'C1 cut short', bytes: Buffer.concat([Buffer.from([3]), random.bytes(700)]) },
    { name: 'C2 cut short', bytes: Buffer.concat([Buffer.from([3]), random.bytes(HANDSHAKE_SIZE + 10)]) },
    { name: 'a random handshake', bytes: random.bytes(1 + 2 * HANDSHAKE_SIZE) },
    { name: 'random bytes from the start', bytes: random.bytes(16 * 1024) },
    ...Array.from({ length: 12 }, (_, index) => ({ name: `handshake then random chunk stream bytes #${index}`, bytes: Buffer.concat([handshake(), random.bytes(random.int(1, 6000))]) })),
  ];
}

/** Every message type with an empty, a short, an oversized (declared 16 MB, partly sent) and a random payload. */
function messageCases(): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const type of MESSAGE_TYPES) {
    const cid = random.int(2, 63);
    cases.push({ name: `type ${type}, empty`, bytes: Buffer.concat([chunkHeader0(cid, 0, type), Buffer.from([0xc0 | cid])]) });
    cases.push({ name: `type ${type}, short`, bytes: message(cid, type, random.bytes(random.int(1, 3))) });
    cases.push({ name: `type ${type}, oversized`, bytes: Buffer.concat([chunkHeader0(cid, 0xffffff, type), random.bytes(DEFAULT_CHUNK_SIZE)]) });
    cases.push({ name: `type ${type}, random`, bytes: message(cid, type, random.bytes(random.int(4, 700))) });
  }
  // AMF commands that are well-formed chunks but nonsense inside.
  const command = (...values: Parameters<typeof amf0>) => message(3, RtmpType.amf0Command, amf0(...values));
  cases.push({ name: 'connect without a command object', bytes: command('connect', 1, null) });
  cases.push({ name: 'connect with a tcUrl that is no URL', bytes: command('connect', 1, { app: 'live', tcUrl: 'not a url' }) });
  cases.push({ name: 'publish with a number for the stream', bytes: command('publish', 3, null, 42) });
  cases.push({ name: 'publish without a stream', bytes: command('publish', 3, null) });
  cases.push({ name: 'play without a stream', bytes: command('play', 3, null) });
  cases.push({ name: 'AMF3 command that is empty after its marker', bytes: message(3, RtmpType.amf3Command, Buffer.from([0])) });
  cases.push({ name: 'metadata that is random AMF', bytes: message(4, RtmpType.amf0Data, Buffer.concat([amf0('@setDataFrame', 'onMetaData'), random.bytes(200)])) });
  cases.push({ name: 'a message whose length shrinks mid-message', bytes: Buffer.concat([chunkHeader0(5, 600, RtmpType.video), random.bytes(DEFAULT_CHUNK_SIZE), chunkHeader0(5, 10, RtmpType.video), random.bytes(300)]) });
  cases.push({ name: 'Set Chunk Size 0, then a message', bytes: Buffer.concat([message(2, RtmpType.setChunkSize, Buffer.alloc(4)), message(3, RtmpType.amf0Command, amf0('createStream', 2, null))]) });
  return cases;
}

/** Sends a case on its own connection, then hangs up and waits until the server lets go. */
async function play(server: ServerProcess, name: string, bytes: Buffer, before?: (socket: net.Socket) => Promise<void>): Promise<void> {
  let socket: net.Socket;
  try {
    socket = await connectRtmp(server.rtmpPort);
  } catch (error) {
    throw new Error(`the RTMP port stopped answering before "${name}" (server exit: ${server.exitCode()}):\n${server.stderr}`, { cause: error });
  }
  try {
    if (before !== undefined) await before(socket);
    await send(socket, bytes);
    socket.end();
    expect(await closedWithin(socket, 10_000), `the connection of "${name}" was let go`).toBe(true);
  } finally {
    socket.destroy();
  }
}

async function playAll(server: ServerProcess, cases: FuzzCase[], prefix: Buffer): Promise<void> {
  for (let start = 0; start < cases.length; start += CONCURRENT_CASES) {
    const batch = cases.slice(start, start + CONCURRENT_CASES);
    await Promise.all(batch.map((fuzz) => play(server, fuzz.name, Buffer.concat([prefix, fuzz.bytes]))));
    expect(server.exitCode(), `the server died during: ${batch.map((fuzz) => fuzz.name).join(', ')}\n${server.stderr}`).toBeNull();
  }
}

describe.skipIf(!ffmpegInstalled)('the RTMP port cannot take the server down (the real server in its own process)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const { adminUrl } = embeddedTarget();
    if (adminUrl === null) throw new Error('no embedded PostgreSQL');
    server = await startServerProcess(adminUrl);
  }, 90_000);
  afterAll(async () => {
    await killPushes();
    await server?.stop();
  }, 30_000);

  async function expectHealthy(): Promise<void> {
    expect(server.exitCode(), `the server exited:\n${server.stderr}`).toBeNull();
    const answer = await fetch(`${server.httpUrl}/healthz`);
    expect(answer.status).toBe(200);
  }

  async function anchorWithPushUrl(title: string): Promise<{ roomId: number; pushUrl: string }> {
    const anchor = await createUser(server.database.handle.db, { anchor: true, room: title });
    const answer = await fetch(`${server.httpUrl}/api/Live/getLiveUrl`, { headers: { token: anchor.token } });
    const body = (await answer.json()) as { code: number; data: { push_url: string } };
    expect(body.code).toBe(200);
    return { roomId: anchor.roomId as number, pushUrl: body.data.push_url };
  }

  const streamOf = (pushUrl: string) => pushUrl.slice(pushUrl.lastIndexOf('/') + 1);
  /** The ingest's error lines (other modules' lines are not about what this test sends). */
  const errorLogs = () => server.logs.filter((line) => line.level >= 50 && line.module === 'media');

  it('a zero-length Set Chunk Size or a truncated connect ends that session only, logged at warn with the peer', async () => {
    for (const [name, bytes] of [
      ['zero-length Set Chunk Size', ZERO_LENGTH_SET_CHUNK_SIZE],
      ['truncated connect', TRUNCATED_CONNECT],
    ] as const) {
      let peer = '';
      await play(server, name, Buffer.concat([handshake(), bytes]), async (socket) => {
        peer = `127.0.0.1:${socket.localPort}`;
      });
      await expectHealthy();
      const logged = await waitFor(async () => server.logs.find((line) => line.ip === peer), `a log line about ${peer} in ${JSON.stringify(server.logs.slice(-5))}`, 5_000);
      expect(logged.level, JSON.stringify(logged)).toBe(40);
    }
    expect(errorLogs()).toEqual([]);
  });

  it('survives malformed handshakes and random bytes', async () => {
    await playAll(server, handshakeCases(), Buffer.alloc(0));
    await expectHealthy();
  });

  it('survives every message type with empty, short, oversized and random payloads, before a publish', async () => {
    const cases = messageCases();
    await playAll(server, cases, handshake());
    // The same after connect: the session then has an app and a tcUrl.
    const connect = message(3, RtmpType.amf0Command, amf0('connect', 1, { app: 'live', tcUrl: `rtmp://127.0.0.1:${server.rtmpPort}/live` }));
    await playAll(server, cases, Buffer.concat([handshake(), connect]));
    await expectHealthy();
    expect(errorLogs()).toEqual([]);
  }, 120_000);

  it('survives every message type with empty, short, oversized and random payloads, from an admitted publisher', async () => {
    const { pushUrl } = await anchorWithPushUrl('模糊测试的直播间');
    const publish = Buffer.concat([handshake(), publishCommands(server.rtmpPort, streamOf(pushUrl))]);
    const admitted = async (socket: net.Socket): Promise<void> => {
      const peer = `127.0.0.1:${socket.localPort}`;
      await send(socket, publish);
      const decision = await waitFor(async () => server.logs.find((line) => line.ip === peer && (line.msg === 'push accepted' || line.msg === 'push refused')), `the push of ${peer} decided`, 10_000);
      expect(decision.msg, JSON.stringify(decision)).toBe('push accepted');
    };
    for (const fuzz of messageCases()) {
      // One publisher at a time: the previous one must have been let go before the next is admitted.
      await play(server, fuzz.name, fuzz.bytes, admitted);
      expect(server.exitCode(), `the server died during "${fuzz.name}" after admission:\n${server.stderr}`).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expectHealthy();
    expect(errorLogs()).toEqual([]);
  }, 180_000);

  it('afterwards a real ffmpeg push still goes live and plays over HTTP-FLV', async () => {
    const { roomId, pushUrl } = await anchorWithPushUrl('模糊测试之后的直播');
    pushTestStream(pushUrl, 30);
    await waitFor(
      async () => (await server.database.handle.db.selectFrom('live_room').select('stream_status').where('id', '=', roomId).executeTakeFirstOrThrow()).stream_status === 'live',
      'the room live',
      20_000,
    );
    const flv = await readFlvStart(`${server.httpUrl}/live/room${roomId}.flv`, 64 * 1024);
    expect(flv.status).toBe(200);
    expect(flv.head.subarray(0, 3).toString('latin1')).toBe('FLV');
    expect(flv.head.length).toBeGreaterThanOrEqual(64 * 1024);
    await expectHealthy();
  }, 60_000);
});
