/**
 * How far the picture on screen is behind the live moment at the ingest.
 *
 * HTTP-FLV: the server writes an `onStreamClock` script tag ({ts, wallMs}: when the ingest got
 * the media tag that follows) about once a second (server/src/live/media/streamClock.ts). When
 * one arrives, `now − wallMs` is how late the newest received frame is (network and server);
 * the frames still buffered ahead of the one on screen add `bufferedEnd − currentTime`. Both
 * clocks are wall clocks (server and viewer): a viewer whose clock is wrong by seconds would be
 * told a wrong delay, so values are clamped to [0, MAX_DELAY_MS].
 *
 * HLS: hls.js gives the playing frame's date from EXT-X-PROGRAM-DATE-TIME: `now − playingDate`.
 */

export const MAX_DELAY_MS = 120_000;

export interface StreamClockSample {
  ts: number;
  wallMs: number;
}

/** The script data mpegts.js hands over; a stream clock tag or anything else. */
export function streamClockOf(scriptData: unknown): StreamClockSample | null {
  if (typeof scriptData !== 'object' || scriptData === null) return null;
  const clock = (scriptData as Record<string, unknown>).onStreamClock;
  if (typeof clock !== 'object' || clock === null) return null;
  const { ts, wallMs } = clock as Record<string, unknown>;
  if (typeof ts !== 'number' || typeof wallMs !== 'number' || !Number.isFinite(ts) || !Number.isFinite(wallMs)) return null;
  return { ts, wallMs };
}

/** The end of the buffered range that holds the frame on screen (or starts just after it); null when none. */
export function bufferedEndHolding(video: Pick<HTMLVideoElement, 'buffered' | 'currentTime'>): number | null {
  const { buffered, currentTime } = video;
  for (let index = buffered.length - 1; index >= 0; index -= 1) {
    if (buffered.start(index) <= currentTime + 0.1) return buffered.end(index);
  }
  return null;
}

/** Seconds of media buffered ahead of the frame on screen (0 when none). */
export function bufferAheadSeconds(video: Pick<HTMLVideoElement, 'buffered' | 'currentTime'>): number {
  const end = bufferedEndHolding(video);
  return end === null ? 0 : Math.max(0, end - video.currentTime);
}

export function clampDelay(ms: number): number {
  return Math.round(Math.min(MAX_DELAY_MS, Math.max(0, ms)));
}

/** FLV: the delay from the last stream clock tag and the buffer. */
export class FlvDelayMeter {
  private arrivalLagMs: number | null = null;

  /** A clock tag arrived at `arrivedAtMs` (the viewer's wall clock). */
  onClock(sample: StreamClockSample, arrivedAtMs: number): void {
    this.arrivalLagMs = arrivedAtMs - sample.wallMs;
  }

  /** Null until a clock tag came. */
  delayMs(video: Pick<HTMLVideoElement, 'buffered' | 'currentTime'>): number | null {
    if (this.arrivalLagMs === null) return null;
    return clampDelay(this.arrivalLagMs + bufferAheadSeconds(video) * 1_000);
  }

  reset(): void {
    this.arrivalLagMs = null;
  }
}

/** HLS: the playing frame's program date time. */
export function hlsDelayMs(playingDate: Date | null, nowMs: number): number | null {
  if (playingDate === null || Number.isNaN(playingDate.getTime())) return null;
  return clampDelay(nowMs - playingDate.getTime());
}
