/**
 * How far behind the live moment the players stay (issue 15, then issue 37: FLV glass-to-glass
 * p95 <= 250 ms, HLS <= 2 s, no stalls). One place, read by the engines and by `pnpm bench:video`'s viewer page,
 * so the benchmark measures exactly what viewers run. Seconds, as the libraries take them.
 */

/**
 * mpegts.js (HTTP-FLV). No stash buffer: bytes go to the decoder as they come. Its own latency
 * handling (liveSync: a fixed target; liveBufferLatencyChasing: jumps) is off: FLV_ADAPTIVE's
 * controller (flvLatencyController.ts) sets the buffer from the measured jitter and reaches it by
 * playback rate.
 */
export const FLV_LATENCY = {
  enableStashBuffer: false,
  liveSync: false,
  liveBufferLatencyChasing: false,
} as const;

/**
 * The FLV buffer controller (flvLatencyController.ts; issue 37: glass-to-glass p95 <= 250 ms, no
 * stall). The target is the jitter of the last 15 s + 50 ms, between 120 ms and 1.2 s; over
 * target + 60 ms it plays faster (+0.3 per second over, at most 1.1: pitch is kept, inaudible);
 * under half the target slightly slower (0.95) until refilled. Milliseconds.
 */
export const FLV_ADAPTIVE = {
  minTargetMs: 120,
  maxTargetMs: 1_200,
  marginMs: 50,
  jitterWindowMs: 15_000,
  hysteresisMs: 60,
  rateGainPerSecond: 0.3,
  maxRate: 1.1,
  minRate: 0.95,
  startSkipWithinS: 1,
  farBehindMs: 5_000,
  settleMs: 1_000,
} as const;

/** How often the FLV engine reads the <video> for the controller, ms. */
export const FLV_SAMPLE_MS = 50;

/**
 * hls.js (the fallback). The server cuts 1 s segments on the source's keyframes and offers
 * blocking playlist reload (LL-HLS's `_HLS_msn` without parts, server/src/live/media/
 * blockingPlaylist.ts): with lowLatencyMode hls.js asks for the next segment's playlist at once and
 * hears of it the moment it exists, instead of polling once a segment. Playing 1.3 s from the live
 * edge then measured 1.50 s behind the live moment at the node and 1.55 s through nginx (p95, no
 * stall; 1.75-2.14 s with polling), 1 s stalled, 1.5 s read 1.64 s (`pnpm --dir bench exec tsx
 * video/edgeRun.ts`, bench/video/README.md); catching up by playbackRate up to 1.2, a jump only
 * beyond 3 s. LL-HLS parts would need a packager that writes them: see server README "Video".
 */
export const HLS_LATENCY = {
  lowLatencyMode: true,
  liveSyncDuration: 1.3,
  liveMaxLatencyDuration: 3,
  maxLiveSyncPlaybackRate: 1.2,
  liveDurationInfinity: true,
  backBufferLength: 10,
} as const;
