import fs from 'node:fs/promises';
import path from 'node:path';
import { HLS_PLAYLIST, HLS_SEGMENT_PATTERN } from '../media/hlsPackager';

/**
 * The newest complete segment of a stream's HLS folder (the last one its playlist lists: ffmpeg
 * writes the playlist after the segment is closed), or null while there is none.
 */
export async function latestSegment(hlsDir: string): Promise<string | null> {
  let playlist: string;
  try {
    playlist = await fs.readFile(path.join(hlsDir, HLS_PLAYLIST), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const segments = playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => HLS_SEGMENT_PATTERN.test(line));
  const newest = segments.at(-1);
  return newest === undefined ? null : path.join(hlsDir, newest);
}
