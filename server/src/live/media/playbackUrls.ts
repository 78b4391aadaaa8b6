/**
 * Where viewers play a room's stream (contract between the media ingest and the rooms API).
 * The embedded default serves HTTP-FLV from the in-process ingest and HLS made by ffmpeg, both
 * on this site; production points the templates at a media server or CDN (media config).
 */
export interface PlaybackUrls {
  /** HTTP-FLV, played with mpegts.js. */
  flv: string;
  /** HLS (hls.js fallback, an iPhone's only way); null when no HLS is made (the room's origin has no ffmpeg, or not configured). */
  hls: string | null;
}

/** A room's addresses; asynchronous where the answer depends on another node (the room's origin). */
export type PlaybackUrlResolver = (roomId: number) => PlaybackUrls | Promise<PlaybackUrls>;

/** A room's stream name on the ingest: `live/<name>`. */
export function streamNameFor(roomId: number): string {
  return `room${roomId}`;
}

/** The room a stream name belongs to, or null when it is not one of ours. */
export function roomIdOfStream(streamName: string): number | null {
  const match = /^room([1-9][0-9]{0,15})$/.exec(streamName);
  return match === null ? null : Number(match[1]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the media plugin: the playback addresses of a room's stream. */
    playbackUrls: PlaybackUrlResolver;
  }
}

/** Until the media plugin is configured: this site's HTTP-FLV path, no HLS. */
export const sitePlaybackUrls: PlaybackUrlResolver = (roomId) => ({ flv: `/live/${streamNameFor(roomId)}.flv`, hls: null });
