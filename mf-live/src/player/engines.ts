import { FlvLatencyController } from './flvLatencyController';
import { FLV_ADAPTIVE, FLV_SAMPLE_MS, HLS_LATENCY, FLV_LATENCY } from './latencySettings';
import type { EngineKind } from './playbackPlan';
import { FlvDelayMeter, bufferedEndHolding, clampDelay, hlsDelayMs, streamClockOf } from './playerDelay';

/** What a running player does when the stream it plays goes away. */
export interface EngineCallbacks {
  /** The server ended the stream cleanly (the anchor stopped pushing). */
  onEnded: () => void;
  /** The engine cannot go on (network, decode, unsupported): try the next engine or retry later. */
  onFatal: (reason: string) => void;
}

/** One playing stream attached to the page's <video>; destroy() detaches it and frees its buffers. */
export interface StreamEngine {
  destroy: () => void;
  /** How far the picture on screen is behind the live moment (playerDelay.ts); null: not known yet. */
  delayMs?: () => number | null;
}

export type StartEngine = (video: HTMLVideoElement, url: string, callbacks: EngineCallbacks) => Promise<StreamEngine>;

export type EngineSet = Record<EngineKind, StartEngine>;

/** Absolute against the page, so the players' fetch/XHR never depend on a <base>. */
function absolute(url: string): string {
  return new URL(url, window.location.href).toString();
}

/**
 * Starts playback; a refused autoplay is not an error (the video is muted, so browsers allow it;
 * where they still refuse, the viewer presses play).
 */
function playQuietly(video: HTMLVideoElement): void {
  try {
    void Promise.resolve(video.play()).catch(() => undefined);
  } catch {
    // jsdom and very old browsers: play() is missing or throws.
  }
}

/** HTTP-FLV through mpegts.js, loaded only when a room plays (its own chunk). */
export const startFlvEngine: StartEngine = async (video, url, callbacks) => {
  const { default: mpegts } = await import(/* webpackChunkName: "player-flv" */ 'mpegts.js');
  if (!mpegts.getFeatureList().mseLivePlayback) throw new Error('mse live playback unsupported');
  mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false, enableWarn: false });
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url: absolute(url) },
    // Live: latencySettings.ts keeps viewers a fraction of a second behind the anchor.
    { ...FLV_LATENCY, autoCleanupSourceBuffer: true, lazyLoad: false },
  );
  const meter = new FlvDelayMeter();
  player.on(mpegts.Events.SCRIPTDATA_ARRIVED, (data: unknown) => {
    const clock = streamClockOf(data);
    if (clock !== null) meter.onClock(clock, Date.now());
  });
  player.on(mpegts.Events.LOADING_COMPLETE, () => callbacks.onEnded());
  player.on(mpegts.Events.ERROR, (type: string, detail: string) => callbacks.onFatal(`${type}: ${detail}`));
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  const steering = steerFlvLatency(video);
  return {
    delayMs: () => meter.delayMs(video),
    destroy: () => {
      clearInterval(steering);
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
};

/**
 * The buffer controller of a playing FLV (flvLatencyController.ts): reads the <video> every
 * FLV_SAMPLE_MS and sets its playback rate (rarely, a seek). Returns the timer to clear.
 */
function steerFlvLatency(video: HTMLVideoElement): ReturnType<typeof setInterval> {
  const controller = new FlvLatencyController(FLV_ADAPTIVE);
  return setInterval(() => {
    const bufferedEndS = bufferedEndHolding(video);
    if (bufferedEndS === null || video.paused) return;
    const decision = controller.sample(Date.now(), { bufferedEndS, currentTimeS: video.currentTime });
    if (decision.seekTo !== null) video.currentTime = decision.seekTo;
    if (video.playbackRate !== decision.rate) video.playbackRate = decision.rate;
  }, FLV_SAMPLE_MS);
}

/** hls.js, loaded only when a page plays HLS (its own chunk, shared by the live player and replays). */
export async function loadHls() {
  return (await import(/* webpackChunkName: "player-hls" */ 'hls.js/light')).default;
}

/** HLS through hls.js (the fallback), loaded only when needed (its own chunk). */
export const startHlsEngine: StartEngine = async (video, url, callbacks) => {
  const Hls = await loadHls();
  if (!Hls.isSupported()) throw new Error('hls.js unsupported');
  const hls = new Hls({ ...HLS_LATENCY });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) callbacks.onFatal(`${data.type}: ${data.details}`);
  });
  const onEnded = () => callbacks.onEnded();
  video.addEventListener('ended', onEnded);
  hls.loadSource(absolute(url));
  hls.attachMedia(video);
  playQuietly(video);
  return {
    delayMs: () => hlsDelayMs(hls.playingDate, Date.now()),
    destroy: () => {
      video.removeEventListener('ended', onEnded);
      hls.destroy();
    },
  };
};

/** The browser's own HLS (`<video src=….m3u8>`), where it plays it. */
export const startNativeHlsEngine: StartEngine = async (video, url, callbacks) => {
  const onError = () => callbacks.onFatal('native: media error');
  const onEnded = () => callbacks.onEnded();
  video.addEventListener('error', onError);
  video.addEventListener('ended', onEnded);
  video.src = absolute(url);
  playQuietly(video);
  return {
    // Safari: the playlist's program date time of the media timeline's start.
    delayMs: () => {
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const startMs = start?.getTime() ?? Number.NaN;
      return Number.isNaN(startMs) ? null : clampDelay(Date.now() - (startMs + video.currentTime * 1_000));
    },
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeEventListener('ended', onEnded);
      video.removeAttribute('src');
      video.load();
    },
  };
};

/**
 * A finished broadcast's replay (VOD HLS, #EXT-X-ENDLIST): hls.js where MediaSource exists, else
 * the browser's own HLS (iPhone Safari); not started by itself (the viewer presses play).
 */
export const startReplayEngine: StartEngine = async (video, url, callbacks) => {
  const Hls = await loadHls();
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl') === '') throw new Error('hls unsupported');
    const onError = () => callbacks.onFatal('native: media error');
    video.addEventListener('error', onError);
    video.src = absolute(url);
    return {
      destroy: () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) callbacks.onFatal(`${data.type}: ${data.details}`);
  });
  hls.loadSource(absolute(url));
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
};

export const browserEngines: EngineSet = { flv: startFlvEngine, hls: startHlsEngine, 'native-hls': startNativeHlsEngine };
