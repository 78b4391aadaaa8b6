import type { ArchivedSegment } from './segmentIndex';

/** Where an archived segment is served (archiveRoutes.ts): `/replay/<broadcastId>/<seq>.ts`. */
export function segmentUrl(segment: Pick<ArchivedSegment, 'broadcastId' | 'seq'>): string {
  return `/replay/${segment.broadcastId}/${segment.seq}.ts`;
}

export function replayPlaylistUrl(broadcastId: number): string {
  return `/replay/${broadcastId}/index.m3u8`;
}

export function dvrPlaylistUrl(stream: string): string {
  return `/live/${stream}/dvr.m3u8`;
}

/** How far a player's extrapolated date of a segment may be from its wall time before a date is written. */
export const DATE_TOLERANCE_MS = 100;

/**
 * An HLS media playlist of archived segments dated by EXT-X-PROGRAM-DATE-TIME (the wall time each
 * reached the ingest). `vod`: a finished replay (PLAYLIST-TYPE VOD and ENDLIST); else the
 * DVR window of a live room (a sliding window: no ENDLIST, the player reloads it).
 */
export function archivePlaylist(segments: ArchivedSegment[], vod: boolean): string {
  const longestMs = segments.reduce((longest, segment) => Math.max(longest, segment.durationMs), 1_000);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(longestMs / 1000)}`, `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.seq ?? 0}`];
  if (vod) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  // A player dates each segment from the last EXT-X-PROGRAM-DATE-TIME plus the lengths since
  // (RFC 8216 4.3.2.6), so a date is written only where that would be off by more than
  // DATE_TOLERANCE_MS or after a gap in the numbering: a 2 h window stays a third of its size.
  let datedMs: number | null = null;
  let previousSeq: number | null = null;
  for (const segment of segments) {
    if (datedMs === null || previousSeq === null || segment.seq !== previousSeq + 1 || Math.abs(segment.startedAtMs - datedMs) > DATE_TOLERANCE_MS) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startedAtMs).toISOString()}`);
      datedMs = segment.startedAtMs;
    }
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`);
    lines.push(segmentUrl(segment));
    datedMs += segment.durationMs;
    previousSeq = segment.seq;
  }
  if (vod) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
