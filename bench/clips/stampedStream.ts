import { execFile, type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * The clips bench's encoder: bench:video's stamped encoder (stampedEncoder.ts: every frame's
 * timestamp is the wall time it was made, `setpts=(RTCTIME − t0)/1000`), with the made time also
 * drawn into the picture, so a clip's first frame (whose timestamps the cut rebases to 0) still
 * tells when it was made. A 240x60 stamp in the top-left corner, painted by `geq` from T (= made
 * time − t0, in s) after the stamping: three flat blocks of luma 16 + 4·(⌊T⌋ mod 50),
 * 16 + 4·(⌊T/50⌋ mod 50) and 16 + 8·(frame within the second), over testsrc2. 1280x720 25 fps
 * (the stream size clips are cut from in production), 1 s GOP, x264 ultrafast zerolatency at
 * 2.5 Mbit/s, AAC audio, pushed over RTMP.
 */
export function pushStampedStream(rtmpUrl: string, t0Ms: number, seconds: number): ChildProcess {
  const t0Micros = t0Ms * 1000;
  const stamp = "geq=lum='if(lt(X,W/3),16+4*mod(floor(T),50),if(lt(X,2*W/3),16+4*mod(floor(T/50),50),16+8*floor(mod(T,1)*25+0.001)))':cb=128:cr=128";
  // The audio on the same clock: its first sample at the wall time it was read (RTCSTART), then
  // sample-exact. Both inputs are read in real time (-re before each), as a capture card delivers:
  // an audio input read as fast as the muxer takes it ran ~400 ms ahead of the picture's made
  // times, and the ingest's clock (the least-delayed arrival of any track) followed it.
  const graph = `[0:v]settb=1/1000,setpts=floor((RTCTIME-${t0Micros})/1000),format=yuv420p,split[base][corner];[corner]crop=240:60:0:0,${stamp}[stamp];[base][stamp]overlay=0:0[video];[1:a]asetpts=(RTCSTART-${t0Micros})/1000000/TB+N/SR/TB[audio]`;
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds), '-filter_complex', graph, '-map', '[video]', '-map', '[audio]', '-fps_mode', 'passthrough'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-bf', '0', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '1000k'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', rtmpUrl],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/**
 * `seconds` of the same picture and stamp as `pushStampedStream`, written at once (not in real
 * time) as 1 s MPEG-TS segments, as the ingest's packager cuts them (x264 with a keyframe opening
 * each second, AAC, continuous timestamps). The stamp's T is the stream time (s from its start),
 * so `firstFrameMadeMs` of a frame says where in these segments it is. Answers each segment's
 * file and length (ffmpeg's own segment list).
 */
export async function writeStampedSegments(dir: string, seconds: number): Promise<{ file: string; durationMs: number }[]> {
  const stamp = "geq=lum='if(lt(X,W/3),16+4*mod(floor(T),50),if(lt(X,2*W/3),16+4*mod(floor(T/50),50),16+8*floor(mod(T,1)*25+0.001)))':cb=128:cr=128";
  // The stamp is painted on 6x2 pixels and scaled up (nearest neighbour): the same three blocks at a
  // fraction of geq's per-pixel cost, so 11 minutes are written in about a minute.
  const graph = `[0:v]format=yuv420p,split[base][corner];[corner]crop=6:2:0:0,${stamp},scale=240:60:flags=neighbor[stamp];[base][stamp]overlay=0:0[video]`;
  const list = path.join(dir, 'segments.csv');
  await exec('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(seconds), '-filter_complex', graph, '-map', '[video]', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-bf', '0', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '1000k'],
    ...['-c:a', 'aac', '-b:a', '64k'],
    ...['-f', 'segment', '-segment_time', '1', '-segment_format', 'mpegts', '-reset_timestamps', '0', '-segment_list', list, '-segment_list_type', 'csv', path.join(dir, 'seg%05d.ts')],
  ], { maxBuffer: 1 << 20 });
  const lines = (await fs.readFile(list, 'utf8')).trim().split('\n');
  return lines.map((line) => {
    const [name, start, end] = line.split(',');
    return { file: path.join(dir, name as string), durationMs: Math.max(1, Math.round((Number(end) - Number(start)) * 1000)) };
  });
}

async function blockLuma(file: string, x: number): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-f', 'lavfi', `movie=${file},crop=50:40:${x}:10,signalstats`, '-show_entries', 'frame_tags=lavfi.signalstats.YAVG', '-read_intervals', '%+#1', '-of', 'csv=p=0']);
  return Number(stdout.trim().split('\n')[0]);
}

/** When (ms after t0) the first frame of `file` was made, read from its stamp. */
export async function firstFrameMadeMs(file: string): Promise<number> {
  const [seconds, fifties, frame] = await Promise.all([blockLuma(file, 15), blockLuma(file, 95), blockLuma(file, 175)]);
  const s = Math.round((seconds - 16) / 4);
  const f = Math.round((fifties - 16) / 4);
  const n = Math.round((frame - 16) / 8);
  return (f * 50 + s) * 1000 + n * 40;
}
