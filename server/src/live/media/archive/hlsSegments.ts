/**
 * What ffmpeg's live HLS playlist (hlsPackager.ts) lists: each finished segment's file name, its
 * number (`seg<n>.ts`), length and program date time (ffmpeg's clock, before the stream clock's
 * correction). A segment appears in the playlist only once ffmpeg has finished writing it
 * (`temp_file`), so every listed file is complete.
 */
export interface ListedSegment {
  file: string;
  number: number;
  durationMs: number;
  /** EXT-X-PROGRAM-DATE-TIME (epoch ms), null when the playlist gave none. */
  programDateMs: number | null;
}

const SEGMENT_FILE = /^seg([0-9]{1,9})\.ts$/;

export function listedSegments(playlist: string): ListedSegment[] {
  const listed: ListedSegment[] = [];
  let durationMs: number | null = null;
  let programDateMs: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
      durationMs = Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
    } else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const date = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
      programDateMs = Number.isNaN(date) ? null : date;
    } else if (line !== '' && !line.startsWith('#')) {
      const match = SEGMENT_FILE.exec(line);
      if (match !== null && durationMs !== null) listed.push({ file: line, number: Number(match[1]), durationMs, programDateMs });
      durationMs = null;
      programDateMs = null;
    }
  }
  return listed;
}
