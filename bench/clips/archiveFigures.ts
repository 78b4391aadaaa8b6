import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ServerProcess, streamNameFor } from '@sports/server/bench';
import { firstFrameMadeMs } from './stampedStream';

/**
 * bench:clips's archive figures (issue 34 "Measured"): the time to seek a live room back 10
 * minutes to its first frame, and how soon a broadcast that ended is a replay that plays. Both
 * read what the real server serves over HTTP (the DVR playlist and segments, replayInfo, the
 * replay playlist and its first segment); see README.md for what is seeded and why.
 */

const exec = promisify(execFile);
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

type Db = ServerProcess['database']['handle']['db'];

export interface SeededRoom {
  roomId: number;
  broadcastId: number;
  /** Wall time of the first seeded segment's first frame, and of the last one's end (the live edge). */
  startMs: number;
  edgeMs: number;
  segments: number;
}

/**
 * A live room whose open, recording broadcast already holds `segments` (1 s MPEG-TS files made by
 * `writeStampedSegments`): each file moved into the media storage as the recorder keeps it
 * (`broadcasts/<broadcastId>/<seq>.ts`) and indexed as the recorder indexes it (a
 * `broadcast_segment` row dated by its wall time), the last one ending now. No encoder pushes into
 * this room: the window's ten minutes are written in about a minute instead of waited for.
 */
export async function seedDvrRoom(db: Db, mediaDir: string, options: { matchId: number; segments: { file: string; durationMs: number }[] }): Promise<SeededRoom> {
  const totalMs = options.segments.reduce((sum, segment) => sum + segment.durationMs, 0);
  const edgeMs = Date.now();
  const startMs = edgeMs - totalMs;
  const user = await db
    .insertInto('app_user')
    .values({ mobile: '86-13700009999', user_nickname: '回看压测主播', avatar: '', is_anchor: 1, invite_code: 'CBENCH02' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const room = await db
    .insertInto('live_room')
    .values({ owner_id: user.id, title: '回看压测', match_id: options.matchId, stream_status: 'live', is_open: true, stream_started_at: new Date(startMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const broadcast = await db
    .insertInto('broadcast')
    .values({ room_id: room.id, anchor_id: user.id, title: '回看压测', started_at: new Date(startMs), match_id: options.matchId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = path.join(mediaDir, 'broadcasts', String(broadcast.id));
  await fs.mkdir(folder, { recursive: true });
  let atMs = startMs;
  const rows = [];
  for (const [seq, segment] of options.segments.entries()) {
    const storageKey = `broadcasts/${broadcast.id}/${seq}.ts`;
    await fs.rename(segment.file, path.join(mediaDir, storageKey));
    const { size } = await fs.stat(path.join(mediaDir, storageKey));
    rows.push({ broadcast_id: broadcast.id, seq, started_at: new Date(atMs), duration_ms: segment.durationMs, bytes: size, storage_key: storageKey });
    atMs += segment.durationMs;
  }
  for (let index = 0; index < rows.length; index += 200) await db.insertInto('broadcast_segment').values(rows.slice(index, index + 200)).execute();
  return { roomId: room.id, broadcastId: broadcast.id, startMs, edgeMs, segments: rows.length };
}

export interface SeekTry {
  /** From asking for the DVR playlist to the first frame decoded (ms). */
  ms: number;
  /** How far behind the live edge that frame is (its stamp's wall time), ms. */
  behindMs: number;
  /** The server's part, fetched again after the try (as a browser would, gzip accepted): the playlist, then that segment. */
  playlistMs: number;
  playlistBytes: number;
  segmentMs: number;
  segmentBytes: number;
}

/**
 * One seek back `backSeconds` in a live room, as a player does it: fetch the room's DVR playlist
 * (`/live/room<id>/dvr.m3u8`), start `backSeconds` segments before its live end, fetch that
 * segment and decode its first frame. ffmpeg's HLS reader does it all (`-live_start_index
 * -<backSeconds>`, 1 s segments; probing cut to the first packets as a player's would be); the
 * time is from spawning it to its exit with that frame written (the process start included).
 */
export async function seekBack(server: ServerProcess, room: SeededRoom, backSeconds: number, scratch: string): Promise<SeekTry> {
  const frame = path.join(scratch, `seek-${Date.now()}.png`);
  const url = `${server.httpUrl}/live/${streamNameFor(room.roomId)}/dvr.m3u8`;
  const started = performance.now();
  await exec('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-probesize', '65536', '-analyzeduration', '0', '-live_start_index', String(-backSeconds), '-i', url],
    ...['-map', '0:v:0', '-frames:v', '1', '-vf', 'crop=240:60:0:0', '-y', frame],
  ]);
  const ms = performance.now() - started;
  // The stamp says which second of the seeded stream the frame is; the live edge is where the seeded stream ends.
  const madeMs = await firstFrameMadeMs(frame);
  await fs.rm(frame, { force: true });
  // Where the time goes: the same two requests again, timed alone.
  const playlistStarted = performance.now();
  const playlist = await fetch(url);
  const text = await playlist.text();
  const playlistMs = performance.now() - playlistStarted;
  const uris = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const target = uris[uris.length - backSeconds];
  if (playlist.status !== 200 || target === undefined) throw new Error(`the DVR playlist answered ${playlist.status} with ${uris.length} segments`);
  const segmentStarted = performance.now();
  const segment = await fetch(new URL(target, url));
  const segmentBytes = (await segment.arrayBuffer()).byteLength;
  const segmentMs = performance.now() - segmentStarted;
  return { ms, behindMs: room.edgeMs - (room.startMs + madeMs), playlistMs, playlistBytes: Number(playlist.headers.get('content-length') ?? text.length), segmentMs, segmentBytes };
}

/** The anchor's calls with their session (the `token` header, as the app sends it). */
export async function anchorCall(server: ServerProcess, token: string, pathAndQuery: string): Promise<{ code: number; msg: string }> {
  const answer = await fetch(`${server.httpUrl}${pathAndQuery}`, { headers: { token, 'x-requested-with': 'XMLHttpRequest' } });
  return (await answer.json()) as { code: number; msg: string };
}

/**
 * Waits until the broadcast is a replay that plays: `api/Live/replayInfo` answers it `ready`, its
 * playlist (VOD, ENDLIST) answers and its first segment is fetched whole. Answers when (Date.now())
 * that was, or null after `timeoutMs`.
 */
export async function replayPlayableAt(server: ServerProcess, broadcastId: number, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const info = (await (await fetch(`${server.httpUrl}/api/Live/replayInfo?id=${broadcastId}`)).json()) as { code: number; data?: { replay: { status: string }; playlist_url: string } };
    if (info.code === 200 && info.data?.replay.status === 'ready') {
      const playlist = await fetch(`${server.httpUrl}${info.data.playlist_url}`);
      const text = await playlist.text();
      const first = text.split('\n').find((line) => line !== '' && !line.startsWith('#'));
      if (playlist.status === 200 && text.includes('#EXT-X-ENDLIST') && first !== undefined) {
        const segment = await fetch(new URL(first, `${server.httpUrl}${info.data.playlist_url}`));
        const bytes = (await segment.arrayBuffer()).byteLength;
        if (segment.status === 200 && bytes > 0) return Date.now();
      }
    }
    await sleep(100);
  }
  return null;
}

/** Stops an encoder as OBS's 停止推流 does (ffmpeg on SIGINT closes its RTMP publish) and waits for it to exit. */
export async function stopEncoder(encoder: ChildProcess): Promise<void> {
  if (encoder.exitCode !== null || encoder.signalCode !== null) return;
  const exited = new Promise((resolve) => encoder.once('exit', resolve));
  encoder.kill('SIGINT');
  await Promise.race([exited, sleep(5_000)]);
  if (encoder.exitCode === null && encoder.signalCode === null) encoder.kill('SIGKILL');
}

/** The room's newest broadcast (the one a push opened). */
export async function latestBroadcastId(db: Db, roomId: number): Promise<number | null> {
  const row = await db.selectFrom('broadcast').select('id').where('room_id', '=', roomId).orderBy('id', 'desc').executeTakeFirst();
  return row === undefined ? null : Number(row.id);
}
