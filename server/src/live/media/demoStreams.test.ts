import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { DEMO_CLIP_SECONDS, ensureDemoClip, findCjkFont } from './demoClip';
import { DEMO_CLIPS_DIR } from './demoStreams';
import { ffmpegInstalledFor, readFlvStart, waitFor } from './testing/mediaTestKit';
import { type LogLine, type ServerProcess, startServerProcess } from './testing/serverProcessKit';

const ffmpegInstalled = ffmpegInstalledFor('demo streams encode and push their clips with it');
const silent = pino({ level: 'silent' });

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 32 * 1024 * 1024, timeout: 60_000 }, (error, stdout) => (error === null ? resolve(stdout) : reject(error)));
  });
}

/** Packet decode timestamps (s) per stream index, in file order. */
async function packetTimes(file: string): Promise<Map<number, number[]>> {
  const csv = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=stream_index,dts_time', '-of', 'csv=p=0', file]);
  const times = new Map<number, number[]>();
  for (const line of csv.trim().split('\n')) {
    const [index, dts] = line.split(',');
    const list = times.get(Number(index)) ?? [];
    list.push(Number(dts));
    times.set(Number(index), list);
  }
  return times;
}

/** Reads `/live/room<id>.flv` for `ms` and returns each audio/video tag's timestamp, by tag type. */
function flvTagTimes(url: string, ms: number): Promise<{ audio: number[]; video: number[] }> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let offset = 13; // FLV header (9) + the first PreviousTagSize (4)
    const times = { audio: [] as number[], video: [] as number[] };
    const request = http.get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url}: ${response.statusCode}`));
        return;
      }
      response.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= offset + 11) {
          const size = buffer.readUIntBE(offset + 1, 3);
          if (buffer.length < offset + 11 + size + 4) break;
          const type = buffer[offset] as number;
          const time = buffer.readUIntBE(offset + 4, 3) + ((buffer[offset + 7] as number) << 24);
          if (type === 8) times.audio.push(time);
          if (type === 9) times.video.push(time);
          offset += 11 + size + 4;
        }
      });
    });
    request.on('error', reject);
    setTimeout(() => {
      request.destroy();
      resolve(times);
    }, ms);
  });
}

describe.skipIf(!ffmpegInstalled)('demo clip (encoded once, looped with stream copy)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-clip-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const spec = { roomId: 7, title: '英超焦点战 全场解说', category: 'FOOTBALL', toneHz: 440 };

  // A real x264 encode of 16 s: over 30 s once on a loaded machine (and the next test then raced its rename).
  it('is H.264 main without B-frames + AAC, 16 s, a keyframe every second', { timeout: 120_000 }, async () => {
    const clip = await ensureDemoClip({ ffmpegPath: 'ffmpeg', dir, spec, fontFile: await findCjkFont(), log: silent });
    expect(clip.encoded).toBe(true);
    const streams = JSON.parse(await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,profile,has_b_frames,duration,width,height', '-of', 'json', clip.path])) as {
      streams: { codec_name: string; profile: string; has_b_frames?: number; duration: string; width?: number }[];
    };
    expect(streams.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    expect(streams.streams[0]).toMatchObject({ profile: 'Main', has_b_frames: 0, width: 640 });
    expect(Number(streams.streams[0]?.duration)).toBeCloseTo(DEMO_CLIP_SECONDS, 1);
    const keyframes = (await run('ffprobe', ['-v', 'error', '-select_streams', 'v', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', clip.path])).split('\n').filter((line) => line.trim() !== '').map((line) => Number.parseFloat(line));
    expect(keyframes).toEqual(Array.from({ length: DEMO_CLIP_SECONDS }, (_, second) => second));
  });

  it('is reused when the inputs are the same, encoded again (and the old one removed) when they change', { timeout: 120_000 }, async () => {
    const first = await ensureDemoClip({ ffmpegPath: 'ffmpeg', dir, spec, fontFile: await findCjkFont(), log: silent });
    const before = await fs.stat(first.path);
    const again = await ensureDemoClip({ ffmpegPath: 'ffmpeg', dir, spec, fontFile: await findCjkFont(), log: silent });
    expect(again).toEqual({ path: first.path, encoded: false });
    expect((await fs.stat(again.path)).mtimeMs).toBe(before.mtimeMs);
    // A missing ffmpeg proves nothing is spawned for a cached clip.
    expect(await ensureDemoClip({ ffmpegPath: '/nonexistent/ffmpeg', dir, spec, fontFile: await findCjkFont(), log: silent })).toEqual({ path: first.path, encoded: false });

    const renamed = await ensureDemoClip({ ffmpegPath: 'ffmpeg', dir, spec: { ...spec, title: '西甲 德比夜' }, fontFile: null, log: silent });
    expect(renamed.encoded).toBe(true);
    expect(renamed.path).not.toBe(first.path);
    expect((await fs.readdir(dir)).filter((name) => name.endsWith('.mp4'))).toEqual([path.basename(renamed.path)]);
  });

  it('looped three times with stream copy, its timestamps keep rising in every stream', { timeout: 120_000 }, async () => {
    const clip = await ensureDemoClip({ ffmpegPath: 'ffmpeg', dir, spec, fontFile: null, log: silent });
    const looped = path.join(dir, 'looped.flv');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', '2', '-i', clip.path, '-c', 'copy', '-f', 'flv', looped]);
    const times = await packetTimes(looped);
    expect([...times.keys()].sort()).toEqual([0, 1]);
    for (const [, list] of times) {
      for (let index = 1; index < list.length; index += 1) expect(list[index] as number).toBeGreaterThan(list[index - 1] as number);
      // No gap a player would stall on at the loop points.
      const gaps = list.slice(1).map((time, index) => time - (list[index] as number));
      expect(Math.max(...gaps)).toBeLessThan(0.15);
      expect(list.at(-1) as number).toBeGreaterThan(3 * DEMO_CLIP_SECONDS - 0.2);
    }
  });
});

/** The real server (src/main.ts, as `npm start` runs it) with DEMO_STREAMS, on free ports. */
describe.skipIf(!ffmpegInstalled)('demo streams in the real server', () => {
  let adminUrl: string;
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    const target = embeddedTarget();
    if (target.adminUrl === null) throw new Error('no embedded PostgreSQL');
    adminUrl = target.adminUrl;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-streams-'));
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(adminUrl, { DATA_DIR: dataDir, ...env });
    running.push(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    await server.stop();
    running.splice(running.indexOf(server), 1);
  };
  const logsOf = (server: ServerProcess, msg: string): LogLine[] => server.logs.filter((line) => line.msg === msg);
  const pushingPids = (server: ServerProcess, roomId: number) => logsOf(server, 'demo stream pushing').filter((line) => line.roomId === roomId).map((line) => line.ffmpegPid as number);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const liveRooms = async (server: ServerProcess, ids: number[]) => {
    const rows = await server.database.handle.db.selectFrom('live_room').select(['id', 'type', 'stream_status']).where('id', 'in', ids).orderBy('id').execute();
    return rows.every((row) => row.stream_status === 'live') ? rows : null;
  };
  /** Waits for the room's FLV (a room stays live through a short reconnect, before the new push plays). */
  const expectFlv = async (server: ServerProcess, roomId: number) => {
    const flv = await waitFor(async () => {
      const response = await readFlvStart(`${server.httpUrl}/live/room${roomId}.flv`, 64 * 1024);
      return response.status === 200 ? response : null;
    }, `room${roomId}.flv`, 20_000);
    expect(flv.head.subarray(0, 3).toString('latin1')).toBe('FLV');
    expect(flv.head.length).toBeGreaterThanOrEqual(64 * 1024);
  };

  it('encodes one clip per room, the rooms (football, basketball, esports) go live and stream; a killed pusher comes back; stop leaves no ffmpeg', async () => {
    const server = await start({ DEMO_STREAMS: '3' });
    // The clips are encoded first, one after another, at low priority (niced): about 40 s each on 2
    // cores that CI's other suites keep busy, so up to four minutes for the three.
    const pushing = await waitFor(async () => {
      const lines = logsOf(server, 'demo stream pushing');
      return lines.length >= 3 ? lines : null;
    }, 'three demo pushers', 240_000);
    expect(logsOf(server, 'demo clip encoded')).toHaveLength(3);
    const roomIds = pushing.map((line) => line.roomId as number);
    const rooms = await waitFor(() => liveRooms(server, roomIds), 'the demo rooms live', 30_000);
    expect(rooms.map((room) => room.type).sort()).toEqual([1, 2, 3]);
    for (const roomId of roomIds) await expectFlv(server, roomId);
    expect((await fs.readdir(path.join(dataDir, DEMO_CLIPS_DIR))).filter((name) => name.endsWith('.mp4'))).toHaveLength(3);
    // A viewer across a loop point (the clip is 16 s), while another room's pusher is killed below.
    const [victim, watched] = roomIds as [number, number];
    const across = flvTagTimes(`${server.httpUrl}/live/room${watched}.flv`, (DEMO_CLIP_SECONDS + 4) * 1000);

    const [firstPid] = pushingPids(server, victim) as [number];
    process.kill(firstPid, 'SIGKILL');
    await waitFor(async () => logsOf(server, 'demo stream stopped: restarting').some((line) => line.roomId === victim), 'the restart notice');
    const secondPid = await waitFor(async () => pushingPids(server, victim).find((pid) => pid !== firstPid), 'a new pusher', 15_000);
    expect(alive(secondPid)).toBe(true);
    await expectFlv(server, victim);

    const { audio, video } = await across;
    for (const times of [audio, video]) {
      for (let index = 1; index < times.length; index += 1) expect(times[index] as number).toBeGreaterThanOrEqual(times[index - 1] as number);
      expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThan((DEMO_CLIP_SECONDS + 1) * 1000);
    }

    const pids = logsOf(server, 'demo stream pushing').map((line) => line.ffmpegPid as number);
    await stop(server);
    expect(pids.filter(alive)).toEqual([]);
  }, 360_000);

  it('a second start reuses the clips (nothing encoded again)', async () => {
    const server = await start({ DEMO_STREAMS: '3' });
    await waitFor(async () => logsOf(server, 'demo stream pushing').length >= 3 || null, 'three demo pushers', 90_000);
    expect(logsOf(server, 'demo clip encoded')).toEqual([]);
    await stop(server);
  }, 150_000);

  it('DEMO_STREAMS=0: no pusher, no room live', async () => {
    const server = await start({ DEMO_STREAMS: '0' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(logsOf(server, 'demo stream pushing')).toEqual([]);
    const live = await server.database.handle.db.selectFrom('live_room').select('id').where('stream_status', '=', 'live').execute();
    expect(live).toEqual([]);
    await stop(server);
  }, 120_000);
});
