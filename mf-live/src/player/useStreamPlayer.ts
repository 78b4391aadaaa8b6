import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { backoffDelay, type BackoffOptions } from '@sports/shared';
import { browserEngines, type EngineSet, type StreamEngine } from './engines';
import { choosePlaybackPlan, probeCapabilities, type PlaybackAttempt, type PlaybackCapabilities, type PlaybackUrls } from './playbackPlan';

/**
 * offline: the room says nobody is pushing; connecting: first try of this stream;
 * playing: frames are showing; reconnecting: the stream dropped or failed, retrying with backoff;
 * unsupported: this browser can play none of the offered formats.
 */
export type PlayerState = 'offline' | 'connecting' | 'playing' | 'reconnecting' | 'unsupported';

/** Retries after a drop: 1 s, 2 s, 4 s … capped at 10 s, so a returning stream shows within seconds. */
export const PLAYER_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 10_000, factor: 2, jitter: 0.3 };
/** A playing video whose time has not moved for this long is treated as a dropped stream. */
export const STALL_TIMEOUT_MS = 12_000;
/**
 * An engine that has shown no frame this long after it started gives way to the next one (HLS):
 * an FLV stream the player cannot start (a media server announcing a track the encoder does not
 * send) plays from the HLS ffmpeg made of it instead of retrying FLV for ever.
 */
export const START_TIMEOUT_MS = 8_000;
const STALL_CHECK_MS = 3_000;

export interface StreamPlayerOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  urls: PlaybackUrls | null;
  /** The room says a push is live (room info's stream state). */
  streamLive: boolean;
  /** Called when the playing stream ended or failed: the page refreshes room info. */
  onStreamDropped?: () => void;
  /** Tests inject fake engines and capabilities; the page uses the real, lazily loaded ones. */
  engines?: EngineSet;
  capabilities?: PlaybackCapabilities;
  /** Set to the running engine (null when none): the delay measurement asks it. */
  engineRef?: MutableRefObject<StreamEngine | null>;
}

interface Run {
  plan: PlaybackAttempt[];
  engine: StreamEngine | null;
  /** Bumped at every start: callbacks of an engine from an older start are ignored. */
  generation: number;
  failures: number;
  /** The plan's attempt running now, and whether it has shown a frame. */
  attempt: number;
  played: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  disposed: boolean;
}

/**
 * Plays a room's stream into `videoRef` while the room is live: HTTP-FLV first, then HLS; when
 * the stream drops, tears the engine down and retries with backoff until the room goes offline.
 * Every engine is destroyed on unmount or when the room goes offline (no players left behind).
 */
export function useStreamPlayer({ videoRef, urls, streamLive, onStreamDropped, engines = browserEngines, capabilities, engineRef }: StreamPlayerOptions): PlayerState {
  const [state, setState] = useState<PlayerState>(streamLive ? 'connecting' : 'offline');
  const dropped = useRef(onStreamDropped);
  dropped.current = onStreamDropped;
  const flv = urls?.flv ?? '';
  const hls = urls?.hls ?? null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !streamLive || !flv) {
      setState('offline');
      return;
    }
    const plan = choosePlaybackPlan({ flv, hls }, capabilities ?? probeCapabilities(video));
    if (plan.length === 0) {
      setState('unsupported');
      return;
    }
    const run: Run = { plan, engine: null, generation: 0, failures: 0, attempt: 0, played: false, retryTimer: undefined, disposed: false };
    let lastProgressAt = Date.now();
    let lastTime = -1;

    const stopEngine = () => {
      run.engine?.destroy();
      run.engine = null;
      if (engineRef) engineRef.current = null;
    };

    const retryLater = () => {
      run.generation += 1;
      clearTimeout(run.retryTimer);
      stopEngine();
      setState('reconnecting');
      dropped.current?.();
      const delay = backoffDelay(run.failures, PLAYER_BACKOFF, Math.random);
      run.failures += 1;
      run.retryTimer = setTimeout(() => start(0), delay);
    };

    const start = (index: number) => {
      if (run.disposed) return;
      const attempt = run.plan[index];
      if (!attempt) {
        retryLater();
        return;
      }
      const generation = (run.generation += 1);
      run.attempt = index;
      run.played = false;
      const current = () => !run.disposed && generation === run.generation;
      setState((previous) => (previous === 'playing' || previous === 'reconnecting' ? 'reconnecting' : 'connecting'));
      lastProgressAt = Date.now();
      const callbacks = {
        onEnded: () => current() && retryLater(),
        onFatal: () => {
          if (!current()) return;
          stopEngine();
          start(index + 1);
        },
      };
      engines[attempt.kind](video, attempt.url, callbacks)
        .then((engine) => {
          if (!current()) return engine.destroy();
          run.engine = engine;
          if (engineRef) engineRef.current = engine;
        })
        .catch(() => callbacks.onFatal());
    };

    const onPlaying = () => {
      if (run.disposed) return;
      run.failures = 0;
      run.played = true;
      lastProgressAt = Date.now();
      setState('playing');
    };
    const onTimeUpdate = () => {
      if (video.currentTime === lastTime) return;
      lastTime = video.currentTime;
      lastProgressAt = Date.now();
    };
    // A stream can hang without an error (the connection stays open, no data): treat a long
    // stall of a playing video as a drop.
    const stallCheck = setInterval(() => {
      if (!run.engine || video.paused) return;
      const still = Date.now() - lastProgressAt;
      if (!run.played && still > START_TIMEOUT_MS && run.attempt + 1 < run.plan.length) {
        stopEngine();
        start(run.attempt + 1);
      } else if (still > STALL_TIMEOUT_MS) retryLater();
    }, STALL_CHECK_MS);

    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTimeUpdate);
    start(0);
    return () => {
      run.disposed = true;
      clearTimeout(run.retryTimer);
      clearInterval(stallCheck);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTimeUpdate);
      stopEngine();
    };
  }, [videoRef, streamLive, flv, hls, engines, capabilities, engineRef]);

  return state;
}
