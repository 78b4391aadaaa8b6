/**
 * How far behind the live moment the players stay (issue 15: FLV glass-to-glass p95 <= 500 ms,
 * HLS <= 4 s, no stalls). One place, read by the engines and by `pnpm bench:video`'s viewer page,
 * so the benchmark measures exactly what viewers run. Seconds, as the libraries take them.
 */

/**
 * mpegts.js (HTTP-FLV). No stash buffer: bytes go to the decoder as they come. liveSync speeds
 * playback up (playbackRate 1.1, inaudible) while more than liveSyncMaxLatency is buffered, back
 * to liveSyncTargetLatency; liveBufferLatencyChasing jumps when the buffer is far behind (after a
 * stall or a background tab), keeping liveBufferLatencyMinRemain so the next frames never starve.
 */
export const FLV_LATENCY = {
  enableStashBuffer: false,
  liveSync: true,
  liveSyncMaxLatency: 0.4,
  liveSyncTargetLatency: 0.25,
  liveSyncPlaybackRate: 1.1,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.2,
  liveBufferLatencyMinRemain: 0.25,
} as const;

/**
 * hls.js (the fallback). The server cuts 1 s segments on the source's 1 s keyframes and keeps a
 * short list; playing 2 segments from the live edge and catching up by playbackRate keeps it
 * near 2-3 s behind; beyond liveMaxLatencyDuration it jumps forward.
 */
export const HLS_LATENCY = {
  lowLatencyMode: true,
  liveSyncDuration: 2,
  liveMaxLatencyDuration: 4,
  maxLiveSyncPlaybackRate: 1.2,
  liveDurationInfinity: true,
  backBufferLength: 10,
} as const;
