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

/**
 * An HLS media playlist of archived segments, each with its EXT-X-PROGRAM-DATE-TIME (the wall
 * time it reached the ingest). `vod`: a finished replay (PLAYLIST-TYPE VOD and ENDLIST); else the
 * DVR window of a live room (a sliding window: no ENDLIST, the player reloads it).
 */
export function archivePlaylist(segments: ArchivedSegment[], vod: boolean): string {
  const longestMs = segments.reduce((longest, segment) => Math.max(longest, segment.durationMs), 1_000);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(longestMs / 1000)}`, `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.seq ?? 0}`];
  if (vod) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  for (const segment of segments) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startedAtMs).toISOString()}`);
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`);
    lines.push(segmentUrl(segment));
  }
  if (vod) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
