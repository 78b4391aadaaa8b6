/** Where a room's stream plays (room info: HTTP-FLV always, HLS when the site makes it). */
export interface PlaybackUrls {
  flv: string;
  hls: string | null;
}

/** flv: mpegts.js over MSE; hls: hls.js over MSE; native-hls: the browser's own <video> HLS (Safari, some Chromium). */
export type EngineKind = 'flv' | 'hls' | 'native-hls';

export interface PlaybackAttempt {
  kind: EngineKind;
  url: string;
}

/** What the browser can do, probed without loading any player library. */
export interface PlaybackCapabilities {
  /** MediaSource exists and takes H.264/AAC in fMP4 (what both mpegts.js and hls.js feed it). */
  mse: boolean;
  /** `<video>` says it may play application/vnd.apple.mpegurl. */
  nativeHls: boolean;
}

const H264_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

export function probeCapabilities(video: HTMLVideoElement): PlaybackCapabilities {
  const source = (globalThis as { MediaSource?: { isTypeSupported?: (type: string) => boolean } }).MediaSource;
  const mse = typeof source?.isTypeSupported === 'function' && source.isTypeSupported(H264_AAC);
  const nativeHls = typeof video.canPlayType === 'function' && video.canPlayType('application/vnd.apple.mpegurl') !== '';
  return { mse, nativeHls };
}

/**
 * The engines to try, in order: HTTP-FLV first (lowest latency), then HLS with hls.js, then the
 * browser's own HLS. A later attempt is used only when the ones before it fail.
 */
export function choosePlaybackPlan(urls: PlaybackUrls, capabilities: PlaybackCapabilities): PlaybackAttempt[] {
  const plan: PlaybackAttempt[] = [];
  if (capabilities.mse && urls.flv) plan.push({ kind: 'flv', url: urls.flv });
  if (urls.hls && capabilities.mse) plan.push({ kind: 'hls', url: urls.hls });
  if (urls.hls && capabilities.nativeHls) plan.push({ kind: 'native-hls', url: urls.hls });
  return plan;
}
