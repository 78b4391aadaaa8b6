import { spawn } from 'node:child_process';

/** Card size: frames are scaled to fit and padded to 16:9. */
export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
/** A decode that takes longer is killed (a stuck input must not hold a queue slot). */
const GRAB_TIMEOUT_MS = 10_000;
/** A 320x180 JPEG is a few tens of KB; more than this is not a thumbnail. */
const MAX_JPEG_BYTES = 512 * 1024;

/**
 * Decodes the first video frame of a media file (an HLS segment: it starts on a keyframe) into a
 * card-sized JPEG: `ffmpeg -i <file> -frames:v 1`, scaled, on stdout. Rejects when the file has no
 * video, ffmpeg fails, times out or writes too much.
 */
export function grabFrame(ffmpegPath: string, inputFile: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-threads', '1'],
        ...['-i', inputFile, '-map', '0:v:0', '-frames:v', '1'],
        ...['-vf', `scale=${THUMB_WIDTH}:${THUMB_HEIGHT}:force_original_aspect_ratio=decrease,pad=${THUMB_WIDTH}:${THUMB_HEIGHT}:(ow-iw)/2:(oh-ih)/2,format=yuvj420p`],
        ...['-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2pipe', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | null = null;
    const fail = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail(new Error(`ffmpeg took over ${GRAB_TIMEOUT_MS} ms to decode a frame`)), GRAB_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JPEG_BYTES) return fail(new Error(`ffmpeg wrote over ${MAX_JPEG_BYTES} bytes for one thumbnail`));
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString('utf8');
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (failure !== null) return reject(failure);
      const jpeg = Buffer.concat(chunks);
      if (code !== 0 || jpeg.length === 0) return reject(new Error(`ffmpeg decoded no frame (exit ${code}): ${stderr.trim().slice(0, 300)}`));
      resolve(jpeg);
    });
  });
}
