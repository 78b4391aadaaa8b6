/**
 * `pnpm bench:clips` (`--quick`: fewer goals): feed clips end to end on the real server (issue 34).
 * One run, against src/main.ts in its own process (free ports, a fresh database, the demo feed on
 * so this node leads the feed and its clip watcher runs; no demo streams):
 *
 * - a stamped encoder (stampedStream.ts: bench:video's, the made time also drawn into the picture)
 *   pushes 320x180 25 fps, 1 s GOP, AAC to a room showing a live football match; the server's
 *   recorder archives its HLS segments (live/media/archive);
 * - after 25 s of stream, a goal every GOAL_EVERY_MS is stored for that match as the feed stores
 *   events (a match_event row; the feed's own pace would take a match's 90 minutes per goal or two);
 * - goal-event-to-clip-playable: from the goal's time t to its MP4 answering at /media/clips/<id>.mp4
 *   (the watcher's claim, waiting for t+10 s to be archived, the stream-copy cut, the chat card);
 * - the clip's first frame against t−20 s: the made time drawn in its first frame (target: within
 *   one keyframe interval, 1 s: 0 ≤ (t−20 s) − first frame < 1 s, plus the ingest's delay);
 * - CPU per clip: the server's own cutter (ClipCutter, stream copy + thumbnail) on the same kept
 *   segments in this process, against an x264 (veryfast) re-encode of the same segments, both
 *   measured as the CPU of the ffmpeg processes (their reaped children's time); target ratio ≤ 0.05.
 *
 * - seek back 10 minutes in a live room to the first frame: a second live room whose recording
 *   broadcast holds 11 minutes of real segments (x264 + AAC 1 s MPEG-TS, 1280x720, written at once
 *   by ffmpeg before the server starts and moved into the media storage as the recorder keeps
 *   them), read back through the real server's DVR playlist by ffmpeg starting 600 segments before
 *   the live end (target ≤ 2 s; the frame's stamp checks it is 10 minutes back);
 * - replay availability after the broadcast ends: the pushed room's encoder stops (SIGINT, as OBS's
 *   停止推流), then a second push that the anchor ends (api/Live/endRoom, 结束直播) before its encoder
 *   stops; each timed until api/Live/replayInfo answers ready and the replay's playlist and first
 *   segment are served (target ≤ 60 s; the reconnect grace, MEDIA_RECONNECT_GRACE_SECONDS, is
 *   the server's default 10 s).
 *
 * `--archive-only` runs only the last two (no goals, no CPU samples).
 *
 * Prints PASS/FAIL per target; exit 1 when one fails or a part could not run.
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ClipCutter, LocalDiskStorage, issueSession, mediaClipStorage, pushSignature, type ServerProcess, segmentsOfRoomBetween, startServerProcess, streamNameFor } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { openPostgres } from '../common/postgres';
import { ms, percentile } from '../video/stats';
import { anchorCall, latestBroadcastId, replayPlayableAt, type SeekTry, seedDvrRoom, seekBack, stopEncoder } from './archiveFigures';
import { firstFrameMadeMs, pushStampedStream, writeStampedSegments } from './stampedStream';

const exec = promisify(execFile);
const QUICK = process.argv.includes('--quick');
const GOALS = Number(process.env.BENCH_CLIPS_GOALS ?? (QUICK ? 8 : 20));
const GOAL_EVERY_MS = Number(process.env.BENCH_CLIPS_GOAL_EVERY_MS ?? 2_000);
const LEAD_IN_MS = 25_000;
const READY_TIMEOUT_MS = 90_000;
const CPU_SAMPLES = QUICK ? 2 : 5;
const P95_TARGET_MS = 15_000;
const CPU_RATIO_TARGET = 0.05;
const GOP_MS = 1_000;
const ARCHIVE_ONLY = process.argv.includes('--archive-only');
/** The DVR seek: 10 minutes back in a window of 11. */
const SEEK_BACK_SECONDS = 600;
const SEEDED_SECONDS = 660;
const SEEK_TRIES = 10;
const SEEK_TARGET_MS = 2_000;
const REPLAY_TARGET_MS = 60_000;
const REPLAY_WAIT_MS = 90_000;
/** The server's default reconnect grace (MEDIA_RECONNECT_GRACE_SECONDS), set explicitly so the figure says what it includes. */
const RECONNECT_GRACE_SECONDS = 10;

const log = (line: string) => console.log(`[bench:clips] ${line}`);
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function createRoomOnMatch(server: ServerProcess): Promise<{ roomId: number; keyVersion: number; matchId: number; anchorId: number }> {
  const db = server.database.handle.db;
  const user = await db
    .insertInto('app_user')
    .values({ mobile: '86-13700008888', user_nickname: '回放压测主播', avatar: '', is_anchor: 1, invite_code: 'CBENCH01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const competition = await db.selectFrom('competition').select('id').where('sport', '=', 'football').orderBy('id').executeTakeFirstOrThrow();
  const season = await db.insertInto('season').values({ competition_id: competition.id, name: 'bench' }).returning('id').executeTakeFirstOrThrow();
  const team = async (name: string) => (await db.insertInto('team').values({ external_key: `bench:${name}`, sport: 'football', name_zh: name, short_name_zh: name }).returning('id').executeTakeFirstOrThrow()).id;
  const match = await db
    .insertInto('match')
    .values({ external_key: 'bench:clips', sport: 'football', competition_id: competition.id, season_id: season.id, home_team_id: await team('曼城'), away_team_id: await team('阿森纳'), kickoff_at: new Date(Date.now() - 3_600_000), status: 'live' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const room = await db.insertInto('live_room').values({ owner_id: user.id, title: '回放压测', match_id: match.id }).returning(['id', 'stream_key_version']).executeTakeFirstOrThrow();
  return { roomId: room.id, keyVersion: room.stream_key_version, matchId: match.id, anchorId: user.id };
}

/** The codec types of a media file's streams (video, audio), for a message. */
async function streamsOf(file: string): Promise<string> {
  try {
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
    // ffprobe lists an MPEG-TS file's streams under its program too: each type once.
    return [...new Set(stdout.trim().split('\n').filter((line) => line !== ''))].join('+') || 'no streams';
  } catch {
    return 'not readable';
  }
}

/** CPU (ms) of the child processes `work` runs and waits for (reaped children of this process). */
async function childCpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = processCpuMs(process.pid, true) - processCpuMs(process.pid);
  await work();
  return processCpuMs(process.pid, true) - processCpuMs(process.pid) - before;
}

/**
 * The feed clips' three figures on the pushed room (its encoder running): goals stored every
 * GOAL_EVERY_MS, each timed until its clip plays; the clips' first frames; the cutter's CPU.
 */
async function clipFigures(server: ServerProcess, room: { roomId: number; matchId: number }, t0: number, dirs: { scratch: string; mediaDir: string }): Promise<{ lines: string[]; ok: boolean }> {
  const db = server.database.handle.db;
  const { scratch, mediaDir } = dirs;

  const goals: { eventId: number; t: number }[] = [];
  const playable = new Map<number, { clipId: number; at: number }>();
  const failed = new Map<number, string>();
  let storing = true;
  // Watches for playable clips from the first goal on (each clip's time is when it first answers).
  const watching = (async () => {
    const deadline = Date.now() + GOALS * GOAL_EVERY_MS + READY_TIMEOUT_MS;
    while ((storing || playable.size + failed.size < goals.length) && Date.now() < deadline) {
      const ids = goals.map((goal) => goal.eventId);
      const rows = ids.length === 0 ? [] : await db.selectFrom('clip').select(['id', 'event_id', 'status', 'failure']).where('event_id', 'in', ids).execute();
      for (const row of rows) {
        const eventId = row.event_id as number;
        if (playable.has(eventId) || failed.has(eventId)) continue;
        if (row.status === 'failed') failed.set(eventId, row.failure ?? '');
        if (row.status !== 'ready') continue;
        const answer = await fetch(`${(server as ServerProcess).httpUrl}/media/clips/${row.id}.mp4`, { headers: { range: 'bytes=0-1' } });
        await answer.arrayBuffer();
        if (answer.status === 206) playable.set(eventId, { clipId: row.id, at: Date.now() });
      }
      await sleep(100);
    }
  })();
  for (let index = 0; index < GOALS; index += 1) {
    const t = Date.now();
    const row = await db
      .insertInto('match_event')
      .values({ external_key: `bench:goal:${index}`, match_id: room.matchId, kind: 'goal', side: index % 2 === 0 ? 'home' : 'away', minute: 10 + index * 4, home_score: Math.ceil((index + 1) / 2), away_score: Math.floor((index + 1) / 2), occurred_at: new Date(t) })
      .returning('id')
      .executeTakeFirstOrThrow();
    goals.push({ eventId: row.id, t });
    if (index < GOALS - 1) await sleep(GOAL_EVERY_MS);
  }
  storing = false;
  log(`${GOALS} goals stored; waiting for their clips to play`);
  await watching;
  const latencies = goals.flatMap((goal) => {
    const clip = playable.get(goal.eventId);
    return clip === undefined ? [] : [clip.at - goal.t];
  });

  log('first frames against t−20 s (the made time stamped in each clip\'s first frame)');
  const offsets: number[] = [];
  const unreadable: string[] = [];
  for (const goal of goals) {
    const clip = playable.get(goal.eventId);
    if (clip === undefined) continue;
    const file = path.join(scratch, `${clip.clipId}.mp4`);
    await fs.writeFile(file, Buffer.from(await (await fetch(`${server.httpUrl}/media/clips/${clip.clipId}.mp4`)).arrayBuffer()));
    try {
      offsets.push(goal.t - 20_000 - (t0 + (await firstFrameMadeMs(file))));
    } catch {
      // Counted, not fatal: the line says how many clips had no readable first frame, and which streams they hold.
      unreadable.push(`clip ${clip.clipId}: ${await streamsOf(file)}`);
    }
  }
  if (unreadable.length > 0) log(`first frame not readable in ${unreadable.length} clip(s): ${unreadable.slice(0, 3).join('; ')}`);

  log(`CPU per clip: the server's cutter (stream copy) against an x264 re-encode of the same segments, ${CPU_SAMPLES} clips`);
  const storage = mediaClipStorage(await LocalDiskStorage.open(mediaDir, null));
  const cutter = new ClipCutter({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', storage, minFreeBytes: 0 });
  let copyCpu = 0;
  let encodeCpu = 0;
  let samples = 0;
  for (const goal of goals.slice(0, CPU_SAMPLES)) {
    const kept = await segmentsOfRoomBetween(db, room.roomId, goal.t - 20_000, goal.t + 10_000);
    if (kept === null) continue;
    copyCpu += await childCpuMs(async () => {
      const outcome = await cutter.cut({ segments: kept.segments, fromMs: goal.t - 20_000, toMs: goal.t + 10_000, thumbAtMs: goal.t, name: `bench-${goal.eventId}` });
      if (outcome.kind !== 'cut') throw new Error(`the cutter answered ${outcome.kind}`);
      await fs.rm(outcome.videoFile, { force: true });
      if (outcome.thumbFile !== null) await fs.rm(outcome.thumbFile, { force: true });
    });
    const list = path.join(scratch, `list-${goal.eventId}.ffconcat`);
    const files = await Promise.all(kept.segments.map((segment) => storage.segmentFile(segment.storageKey)));
    await fs.writeFile(list, `ffconcat version 1.0\n${files.filter((file) => file !== null).map((file) => `file '${file}'\n`).join('')}`);
    encodeCpu += await childCpuMs(() =>
      exec('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-movflags', '+faststart', '-y', path.join(scratch, `encoded-${goal.eventId}.mp4`)]),
    );
    samples += 1;
  }
  const ratio = samples === 0 ? Number.NaN : copyCpu / encodeCpu;

  const p95 = percentile(latencies, 95);
  const latencyOk = latencies.length === GOALS && p95 <= P95_TARGET_MS;
  const framesOk = offsets.length === GOALS && offsets.every((offset) => offset >= -300 && offset < GOP_MS + 300);
  const cpuOk = samples > 0 && ratio <= CPU_RATIO_TARGET;
  return {
    ok: latencyOk && framesOk && cpuOk,
    lines: [
      `  goal event -> clip playable      p50 ${ms(percentile(latencies, 50))}   p95 ${ms(p95)}   max ${ms(Math.max(...latencies))}   (${latencies.length}/${GOALS} goals; ${failed.size} failed${failed.size > 0 ? `: ${[...failed.values()][0]}` : ''})   target p95 <= ${P95_TARGET_MS} ms (the 10 s tail included): ${pass(latencyOk)}`,
      `  (t − 20 s) − clip's first frame  p50 ${ms(percentile(offsets, 50))}   p95 ${ms(percentile(offsets, 95))}   min ${ms(Math.min(...offsets))}   max ${ms(Math.max(...offsets))}   (${offsets.length}/${GOALS} clips read${unreadable.length > 0 ? `; ${unreadable.length} without a readable first frame` : ''})   target 0 … one keyframe interval (${GOP_MS} ms, ±300 ms ingest delay): ${pass(framesOk)}`,
      `  CPU per clip: stream copy ${(copyCpu / Math.max(1, samples)).toFixed(0)} ms, x264 veryfast re-encode ${(encodeCpu / Math.max(1, samples)).toFixed(0)} ms, ratio ${ratio.toFixed(3)}   target <= ${CPU_RATIO_TARGET}: ${pass(cpuOk)}`,
    ],
  };
}

/**
 * How right the archive's clock is: each kept segment's start time (the wall time the ingest
 * received its first frame, as the recorder stored it) against the made time stamped in that
 * frame. The ingest's delay (encoder, RTMP, the packager) makes it positive; a spread says the
 * stream clock moved (what a clip's first frame against t−20 s inherits).
 */
async function segmentClockLine(server: ServerProcess, broadcastId: number, t0: number, mediaDir: string): Promise<string> {
  const kept = await server.database.handle.db.selectFrom('broadcast_segment').select(['seq', 'started_at', 'storage_key']).where('broadcast_id', '=', broadcastId).orderBy('seq').execute();
  const deltas: { seq: number; ms: number }[] = [];
  for (const segment of kept) {
    try {
      deltas.push({ seq: segment.seq, ms: new Date(segment.started_at).getTime() - (t0 + (await firstFrameMadeMs(path.join(mediaDir, segment.storage_key)))) });
    } catch {
      // A segment without a readable stamp is left out (counted below).
    }
  }
  const values = deltas.map((delta) => delta.ms);
  if (values.length === 0) return `  kept segment start − its first frame's made time: no segment readable (${kept.length} kept)`;
  const firsts = deltas.slice(0, 5).map((delta) => `#${delta.seq} ${delta.ms.toFixed(0)}`).join(', ');
  return `  kept segment start − its first frame's made time  p50 ${ms(percentile(values, 50))}   min ${ms(Math.min(...values))}   max ${ms(Math.max(...values))}   (${values.length}/${kept.length} segments; the first: ${firsts} ms)   the ingest's delay, expected small and steady`;
}

/** Pushes the stamped stream into the room; answers the encoder once the room is live. */
async function pushUntilLive(server: ServerProcess, secret: string, room: { roomId: number; keyVersion: number }, t0: number, seconds: number): Promise<ChildProcess> {
  const db = server.database.handle.db;
  const stream = streamNameFor(room.roomId);
  const sign = pushSignature(secret, stream, Math.floor(Date.now() / 1000) + 3600, room.keyVersion);
  const encoder = pushStampedStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${stream}?sign=${sign}`, t0, seconds);
  let encoderErrors = '';
  encoder.stderr?.on('data', (chunk: Buffer) => {
    encoderErrors = (encoderErrors + chunk.toString()).slice(-2_000);
  });
  const started = Date.now();
  for (;;) {
    const live = await db.selectFrom('live_room').select('stream_status').where('id', '=', room.roomId).executeTakeFirstOrThrow();
    if (live.stream_status === 'live') return encoder;
    if (Date.now() - started > 30_000) {
      encoder.kill('SIGKILL');
      throw new Error(`the room never went live (encoder: ${encoderErrors})`);
    }
    await sleep(200);
  }
}

/** Waits until the room's open broadcast has kept `count` segments (the recorder is archiving it). */
async function archivedSegments(server: ServerProcess, roomId: number, count: number): Promise<number> {
  const db = server.database.handle.db;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const broadcastId = await latestBroadcastId(db, roomId);
    if (broadcastId !== null) {
      const row = await db.selectFrom('broadcast_segment').select((eb) => eb.fn.countAll<string>().as('count')).where('broadcast_id', '=', broadcastId).executeTakeFirstOrThrow();
      if (Number(row.count) >= count) return broadcastId;
    }
    await sleep(200);
  }
  throw new Error(`room ${roomId} kept fewer than ${count} segments in a minute`);
}

/** The DVR seek: SEEK_TRIES seeks 10 minutes back in the seeded room. */
async function seekFigure(server: ServerProcess, matchId: number, dirs: { scratch: string; mediaDir: string }, segments: { file: string; durationMs: number }[]): Promise<{ lines: string[]; ok: boolean }> {
  const seeded = await seedDvrRoom(server.database.handle.db, dirs.mediaDir, { matchId, segments });
  log(`room ${seeded.roomId}: a recording broadcast holding ${seeded.segments} s of segments (${((seeded.edgeMs - seeded.startMs) / 60_000).toFixed(1)} min); seeking ${SEEK_BACK_SECONDS / 60} minutes back ${SEEK_TRIES} times`);
  const tries: SeekTry[] = [];
  for (let index = 0; index < SEEK_TRIES; index += 1) tries.push(await seekBack(server, seeded, SEEK_BACK_SECONDS, dirs.scratch));
  const times = tries.map((entry) => entry.ms);
  const behind = tries.map((entry) => entry.behindMs / 1000);
  const where = tries.every((entry) => Math.abs(entry.behindMs - SEEK_BACK_SECONDS * 1000) <= GOP_MS);
  const p95 = percentile(times, 95);
  const ok = tries.length === SEEK_TRIES && p95 <= SEEK_TARGET_MS && where;
  const median = (pick: (entry: SeekTry) => number) => percentile(tries.map(pick), 50);
  const lines = [
    `  seek back 10 min -> first frame  p50 ${ms(percentile(times, 50))}   p95 ${ms(p95)}   (${SEEK_TRIES} tries: ${times.map((value) => value.toFixed(0)).join(', ')} ms; the frame ${Math.min(...behind).toFixed(1)}-${Math.max(...behind).toFixed(1)} s behind the live edge)   target p95 <= ${SEEK_TARGET_MS} ms: ${pass(ok)}`,
    `      of which the server: DVR playlist p50 ${ms(median((entry) => entry.playlistMs)).trim()} (${(median((entry) => entry.playlistBytes) / 1024).toFixed(0)} KB as sent), the segment 10 min back p50 ${ms(median((entry) => entry.segmentMs)).trim()} (${(median((entry) => entry.segmentBytes) / 1024).toFixed(0)} KB); the rest is ffmpeg starting, probing and decoding`,
  ];
  return { lines, ok };
}

/**
 * Replay availability, twice on the pushed room: its encoder stops (the reconnect grace runs out
 * before the broadcast closes); then a new push that the anchor ends (结束直播) a second before
 * its encoder stops. Each from the moment the encoder stopped (and from 结束直播) to the replay
 * playing (replayInfo ready, playlist and first segment served).
 */
async function replayFigures(server: ServerProcess, secret: string, room: { roomId: number; keyVersion: number; anchorId: number }, encoder: ChildProcess): Promise<{ lines: string[]; ok: boolean }> {
  const db = server.database.handle.db;
  const first = await archivedSegments(server, room.roomId, 10);
  log(`replay: the encoder of room ${room.roomId} stops (broadcast ${first})`);
  const stoppedAt = Date.now();
  await stopEncoder(encoder);
  const firstPlayable = await replayPlayableAt(server, first, REPLAY_WAIT_MS);
  const graceMs = firstPlayable === null ? null : firstPlayable - stoppedAt;

  const { token } = await issueSession(db, room.anchorId, 3_600);
  const opened = await anchorCall(server, token, `/api/Live/startRoom?room_id=${room.roomId}`);
  if (opened.code !== 200) throw new Error(`api/Live/startRoom answered ${opened.code} ${opened.msg}`);
  const second = await pushUntilLive(server, secret, room, Date.now(), 300);
  let anchorMs: { fromEnd: number; fromStop: number } | null = null;
  try {
    const broadcastId = await archivedSegments(server, room.roomId, 10);
    if (broadcastId === first) throw new Error('the second push continued the first broadcast');
    log(`replay: the anchor ends broadcast ${broadcastId} (api/Live/endRoom, 结束直播), its encoder stops a second later`);
    const endedAt = Date.now();
    const ended = await anchorCall(server, token, `/api/Live/endRoom?room_id=${room.roomId}`);
    if (ended.code !== 200) throw new Error(`api/Live/endRoom answered ${ended.code} ${ended.msg}`);
    await sleep(1_000);
    const secondStoppedAt = Date.now();
    await stopEncoder(second);
    const playable = await replayPlayableAt(server, broadcastId, REPLAY_WAIT_MS);
    if (playable !== null) anchorMs = { fromEnd: playable - endedAt, fromStop: playable - secondStoppedAt };
  } finally {
    second.kill('SIGKILL');
  }
  const anchorOk = anchorMs !== null && anchorMs.fromEnd <= REPLAY_TARGET_MS;
  const graceOk = graceMs !== null && graceMs <= REPLAY_TARGET_MS;
  return {
    ok: anchorOk && graceOk,
    lines: [
      `  replay playable, ended by the anchor (结束直播, encoder stopped 1 s later)   ${anchorMs === null ? 'never' : `${ms(anchorMs.fromEnd)} after 结束直播 (${ms(anchorMs.fromStop).trim()} after the encoder stopped)`}   target <= ${REPLAY_TARGET_MS} ms: ${pass(anchorOk)}`,
      `  replay playable, encoder just stopped (reconnect grace ${RECONNECT_GRACE_SECONDS} s)        ${graceMs === null ? 'never' : `${ms(graceMs)} after the encoder stopped`}   target <= ${REPLAY_TARGET_MS} ms: ${pass(graceOk)}`,
    ],
  };
}

async function main(): Promise<number> {
  log(`${ARCHIVE_ONLY ? 'archive figures only' : `${GOALS} goals, one every ${GOAL_EVERY_MS} ms`}; ${os.cpus().length} cores, load average before ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  const secret = randomBytes(24).toString('hex');
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-clips-media-'));
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-clips-'));
  const dirs = { scratch, mediaDir };
  let encoder: ChildProcess | null = null;
  let server: ServerProcess | null = null;
  try {
    // Before the server starts, so it does not compete with what is measured.
    log(`writing ${SEEDED_SECONDS} s of 1280x720 segments for the DVR seek (x264 ultrafast, 1 s GOP, AAC)`);
    const segmentsDir = await fs.mkdtemp(path.join(scratch, 'dvr-'));
    const writingStarted = Date.now();
    const segments = await writeStampedSegments(segmentsDir, SEEDED_SECONDS);
    log(`${segments.length} segments written in ${((Date.now() - writingStarted) / 1000).toFixed(0)} s`);

    log('starting the server (src/main.ts) on free ports, a fresh database, the demo feed on');
    server = await startServerProcess(postgres.adminUrl, {
      MEDIA_SIGNING_SECRET: secret,
      FEED: 'demo',
      DEMO_STREAMS: '0',
      MEDIA_STORAGE_DIR: mediaDir,
      MEDIA_RECONNECT_GRACE_SECONDS: String(RECONNECT_GRACE_SECONDS),
      LOG_LEVEL: 'info',
    });
    const room = await createRoomOnMatch(server);
    const t0 = Date.now();
    const streamSeconds = ARCHIVE_ONLY ? 300 : Math.ceil((LEAD_IN_MS + GOALS * GOAL_EVERY_MS + READY_TIMEOUT_MS) / 1000) + 300;
    encoder = await pushUntilLive(server, secret, room, t0, streamSeconds);
    const lines: string[] = [];
    let ok = true;
    // The clips and the replay are only as good as what the packager kept: say so at once if it kept no picture.
    const firstBroadcast = await archivedSegments(server, room.roomId, 2);
    const firstKept = await server.database.handle.db.selectFrom('broadcast_segment').select('storage_key').where('broadcast_id', '=', firstBroadcast).orderBy('seq').executeTakeFirstOrThrow();
    const keptStreams = await streamsOf(path.join(mediaDir, firstKept.storage_key));
    log(`the pushed room's first kept segment holds ${keptStreams}`);
    if (!keptStreams.includes('video')) log('WARNING: the packager kept no video track of the push (its 1 s probe of the FLV saw none): clips and replays of this broadcast have no picture');
    if (!ARCHIVE_ONLY) {
      log(`room ${room.roomId} live on match ${room.matchId}; ${LEAD_IN_MS / 1000} s of stream before the first goal`);
      await sleep(LEAD_IN_MS);
      const clips = await clipFigures(server, room, t0, dirs);
      lines.push(...clips.lines);
      ok &&= clips.ok;
      lines.push(await segmentClockLine(server, firstBroadcast, t0, mediaDir));
    }
    // The pushed room stays on air while the other room is sought back: a live server.
    const seek = await seekFigure(server, room.matchId, dirs, segments);
    lines.push(...seek.lines);
    ok &&= seek.ok;
    const replays = await replayFigures(server, secret, room, encoder);
    lines.push(...replays.lines);
    ok &&= replays.ok;

    console.log('');
    console.log(`Feed clips and the archive (${os.cpus().length} cores shared with the encoder, PostgreSQL, the demo feed and whatever else runs)`);
    for (const line of lines) console.log(line);
    const errorLines = server.logs.filter((line) => line.level >= 50);
    if (errorLines.length > 0) console.log(`  server error lines: ${errorLines.length} (first: ${errorLines[0]?.msg})`);
    return ok ? 0 : 1;
  } finally {
    encoder?.kill('SIGKILL');
    await server?.stop();
    await postgres.stop();
    await fs.rm(scratch, { recursive: true, force: true });
    await fs.rm(mediaDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:clips] could not run:', error);
    process.exit(1);
  },
);
