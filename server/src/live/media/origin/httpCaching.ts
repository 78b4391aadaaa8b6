import { createHash } from 'node:crypto';
import { NO_CACHE } from '../../../infra/http/cachePolicy';

/**
 * The HTTP caching contract of the video routes (issue 37): what any standard cache (a node's own
 * segment cache, nginx, a CDN) may keep, from the headers alone.
 *
 * - A segment never changes under its URL: its name carries the publish's epoch
 *   (`<epoch>-seg<n>.ts`, see segmentUrlName), because ffmpeg numbers segments from 0 again at
 *   every publish and a plain `seg5.ts` of the next broadcast would be another file. Immutable.
 * - A playlist changes every segment: cached for less than one segment (whole seconds only, so
 *   `no-cache` with 1 s segments: caches revalidate by ETag and get a 304 while it is the same).
 * - FLV is a live stream: `no-store` (an edge must stream it through, never buffer or keep it).
 *
 * The Cache-Control values themselves are the site's one set (`infra/http/cachePolicy.ts`).
 */

export const HLS_PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const HLS_SEGMENT_TYPE = 'video/mp2t';
export const FLV_TYPE = 'video/x-flv';

/** Cache-Control of a playlist: under one segment (half of it, whole seconds), else revalidate each time. */
export function playlistCacheControl(segmentSeconds: number): string {
  const seconds = Math.floor(segmentSeconds / 2);
  return seconds >= 1 ? `public, max-age=${seconds}` : NO_CACHE;
}

/** A strong validator of a body (sha1, base64url: 27 characters). */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 13.1.2: whether If-None-Match names the current ETag (weak comparison, `*` included). */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** A segment's name in URLs: `<epoch>-seg<n>.ts`, epoch in base 36 (the publish's start, ms). */
const EPOCH_SEGMENT = /^([0-9a-z]{1,11})-(seg[0-9]{1,9}\.ts)$/;
const PLAIN_SEGMENT_LINE = /^(seg[0-9]{1,9}\.ts)$/gm;

export function segmentUrlName(epoch: string, file: string): string {
  return `${epoch}-${file}`;
}

/** `<epoch>-seg<n>.ts` → its parts; null for any other name. */
export function parseSegmentUrlName(name: string): { epoch: string; file: string } | null {
  const match = EPOCH_SEGMENT.exec(name);
  return match === null ? null : { epoch: match[1] as string, file: match[2] as string };
}

/** The playlist with each segment line named with the publish's epoch. */
export function withSegmentEpoch(playlist: string, epoch: string): string {
  return playlist.replace(PLAIN_SEGMENT_LINE, (file: string) => segmentUrlName(epoch, file));
}

/** The epoch of a publish that started at `ms`. */
export function epochOf(ms: number): string {
  return Math.floor(ms).toString(36);
}
